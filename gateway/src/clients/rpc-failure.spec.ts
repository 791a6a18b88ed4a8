import { describe, expect, it } from '@jest/globals';
import { ServerMessages } from '@medtutor/contracts';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { TimeoutError } from 'rxjs';
import { blamesService, isUnavailable, mapRpcFailure, SERVICES_RECONNECT_GRACE_MS } from './rpc-failure.js';

const natsError = (name: string) => Object.assign(new Error('nats'), { name });

describe('mapRpcFailure', () => {
  it('maps a service error with a contract code to its HTTP status and message', () => {
    expect(
      mapRpcFailure({ code: 'IDENTITY.EMAIL_TAKEN', message: 'An account with this email already exists' }).toBody(),
    ).toEqual({
      statusCode: 409,
      code: 'IDENTITY.EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
    expect(
      mapRpcFailure({ code: 'IDENTITY.INVALID_CREDENTIALS', message: 'Invalid email or password', details: {} })
        .statusCode,
    ).toBe(401);
  });

  it('answers 503 when nobody answers in time or NATS is unreachable', () => {
    for (const error of [
      new TimeoutError(),
      new EmptyResponseException('identity.get_user'),
      natsError('NoResponders'),
      natsError('ConnectionError'),
      natsError('ClosedConnectionError'),
      new Error('Connection closed'),
      'Error: Connection lost. Trying to reconnect...',
    ]) {
      expect(mapRpcFailure(error).toBody()).toEqual({
        statusCode: 503,
        code: 'COMMON.SERVICE_UNAVAILABLE',
        message: ServerMessages.serviceUnavailable,
      });
    }
  });

  it('answers a generic 500 for unknown codes, internal errors and anything else', () => {
    const internal = { statusCode: 500, code: 'COMMON.INTERNAL', message: ServerMessages.internal };
    expect(mapRpcFailure({ code: 'PAYMENTS.SOMETHING_NEW', message: 'leaky detail' }).toBody()).toEqual(internal);
    expect(mapRpcFailure({ code: 'COMMON.INTERNAL', message: 'stack trace here' }).toBody()).toEqual(internal);
    expect(mapRpcFailure(new TypeError('cannot read properties of undefined')).toBody()).toEqual(internal);
    expect(mapRpcFailure(Object.assign(new Error('x'), { code: 'IDENTITY.EMAIL_TAKEN' })).toBody()).toEqual(internal);
    expect(mapRpcFailure(undefined).toBody()).toEqual(internal);
  });

  it("passes on a payment provider's outage as 502 with its user-facing message", () => {
    expect(
      mapRpcFailure({ code: 'PAYMENTS.PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable' }).toBody(),
    ).toEqual({ statusCode: 502, code: 'PAYMENTS.PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable' });
  });

  it("answers a service's load shedding with its own 503 and the service's Retry-After, not as an outage", () => {
    const shed = mapRpcFailure({ code: 'COMMON.OVERLOADED', message: 'x', details: { retryAfterSeconds: 3 } });
    expect(shed.toBody()).toEqual({ statusCode: 503, code: 'COMMON.OVERLOADED', message: ServerMessages.overloaded });
    expect(shed.headers).toEqual({ 'Retry-After': '3' });
    expect(isUnavailable(shed)).toBe(false);
    // Details missing or out of range: still a second's wait, never a 500.
    for (const details of [undefined, { retryAfterSeconds: 0 }, { retryAfterSeconds: 'soon' }]) {
      expect(mapRpcFailure({ code: 'COMMON.OVERLOADED', message: 'x', details }).headers).toEqual({
        'Retry-After': '1',
      });
    }
    expect(isUnavailable(mapRpcFailure(new TimeoutError()))).toBe(true);
  });

  it('keeps the gateway in charge of 503 messages', () => {
    expect(mapRpcFailure({ code: 'COMMON.SERVICE_UNAVAILABLE', message: 'db down' }).message).toBe(
      ServerMessages.serviceUnavailable,
    );
  });
});

describe('blamesService', () => {
  const silent = () => mapRpcFailure(natsError('NoResponders'));
  const backAt = 1_000_000;
  const up = { connected: true };
  const justBack = { connected: true, backSince: backAt };

  it("counts a silent service against it while the gateway's connection is up and was never lost", () => {
    expect(blamesService(silent(), up, backAt)).toBe(true);
  });

  it("counts it again once the connection has been back for longer than the services' reconnects take", () => {
    expect(blamesService(silent(), justBack, backAt + SERVICES_RECONNECT_GRACE_MS)).toBe(true);
  });

  it('does not count it while the broker is down or just back: every service is silent then, through no fault of its own', () => {
    expect(blamesService(silent(), { connected: false }, backAt)).toBe(false);
    expect(blamesService(silent(), { connected: false, backSince: backAt }, backAt + 60_000)).toBe(false);
    expect(blamesService(silent(), justBack, backAt)).toBe(false);
    expect(blamesService(silent(), justBack, backAt + SERVICES_RECONNECT_GRACE_MS - 1)).toBe(false);
  });

  it("never counts a service's answers, load shedding included", () => {
    const overloaded = mapRpcFailure({ code: 'COMMON.OVERLOADED', message: 'busy', details: { retryAfterSeconds: 1 } });
    const domainError = mapRpcFailure({ code: 'IDENTITY.EMAIL_TAKEN', message: 'taken' });
    for (const error of [overloaded, domainError]) expect(blamesService(error, up, backAt)).toBe(false);
  });
});

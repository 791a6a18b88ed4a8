import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@medtutor/contracts';
import { pino } from 'pino';
import { ApiError } from '../filters/api-error.js';
import { isUnavailable, mapRpcFailure } from './rpc-failure.js';
import { ServiceBreakers } from './service-breakers.js';

const settings = { failures: 3, halfOpenAfterMs: 60_000 };
const silent = pino({ level: 'silent' });
const overloaded = () =>
  mapRpcFailure({ code: ErrorCodes.overloaded, message: 'busy', details: { retryAfterSeconds: 1 } });
const unavailable = () => mapRpcFailure({ code: ErrorCodes.serviceUnavailable, message: 'down' });

/** What a call fails with, and whether the request itself ran (an open circuit refuses without it). */
async function attempt(breakers: ServiceBreakers, fail: () => ApiError) {
  let ran = false;
  const error = await breakers
    .call('identity.register', async () => {
      ran = true;
      throw fail();
    })
    .catch((caught: unknown) => caught as ApiError);
  return { code: error?.code, ran };
}

describe('ServiceBreakers', () => {
  it('never opens on load shedding: a flood of COMMON.OVERLOADED leaves the service reachable', async () => {
    const breakers = new ServiceBreakers(settings, isUnavailable, silent);
    for (let n = 0; n < settings.failures * 10; n++) {
      expect(await attempt(breakers, overloaded)).toEqual({ code: ErrorCodes.overloaded, ran: true });
    }
    await expect(breakers.call('identity.verify_credentials', async () => 'signed in')).resolves.toBe('signed in');
  });

  it('opens after consecutive outages, and then refuses without asking the service', async () => {
    const breakers = new ServiceBreakers(settings, isUnavailable, silent);
    for (let n = 0; n < settings.failures; n++) {
      expect(await attempt(breakers, unavailable)).toEqual({ code: ErrorCodes.serviceUnavailable, ran: true });
    }
    expect(await attempt(breakers, overloaded)).toEqual({ code: ErrorCodes.serviceUnavailable, ran: false });
    // Per service: another service's routes are untouched.
    await expect(breakers.call('tutoring.list_tutors', async () => 'ok')).resolves.toBe('ok');
  });
});

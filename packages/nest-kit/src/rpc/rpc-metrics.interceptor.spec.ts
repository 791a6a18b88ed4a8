import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@medtutor/contracts';
import { DomainError, notFound } from '../errors/domain-error.js';
import { rpcOutcomeOfStatus } from '../metrics/metrics.js';
import { rpcOutcomeOfError } from './rpc-metrics.interceptor.js';

describe('RPC outcomes', () => {
  it('classes an answer by the HTTP status it maps to', () => {
    expect([200, 400, 404, 409, 429, 500, 502, 503].map(rpcOutcomeOfStatus)).toEqual([
      'ok',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'error',
      'error',
      'unavailable',
    ]);
  });

  it("reads a handler's failure as the error filter will answer it", () => {
    expect(rpcOutcomeOfError(notFound())).toBe('rejected');
    expect(rpcOutcomeOfError(new DomainError(ErrorCodes.paymentProviderUnavailable, 'Stripe is down'))).toBe('error');
    expect(rpcOutcomeOfError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'unavailable',
    );
    expect(rpcOutcomeOfError(new TypeError('x is undefined'))).toBe('error');
  });
});

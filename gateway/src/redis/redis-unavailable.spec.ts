import { describe, expect, it } from '@jest/globals';
import { isRedisUnavailable, OFFLINE_COMMAND_REFUSED } from './redis-unavailable.js';

describe('isRedisUnavailable', () => {
  it.each([
    ['a command sent while disconnected (no offline queue)', new Error(OFFLINE_COMMAND_REFUSED)],
    [
      'a command given up after the reconnect attempts',
      Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }),
    ],
    ['a closed connection', new Error('Connection is closed.')],
    ['no reply in time', new Error('Command timed out')],
    ['a full Redis refusing writes', new Error("OOM command not allowed when used memory > 'maxmemory'.")],
  ])('is true for %s (answered 503, not 500)', (_case, error) => {
    expect(isRedisUnavailable(error)).toBe(true);
  });

  it('is false for other failures and non-errors', () => {
    expect(isRedisUnavailable(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(
      false,
    );
    expect(isRedisUnavailable('OOM command not allowed')).toBe(false);
  });
});

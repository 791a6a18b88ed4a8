import { describe, expect, it } from '@jest/globals';
import { PaymentPolling, shouldPollAgain } from './payment-polling';

describe('shouldPollAgain', () => {
  it('asks again while the payment settles, up to the cap', () => {
    expect(shouldPollAgain('pending', 1)).toBe(true);
    expect(shouldPollAgain('requires_action', PaymentPolling.maxPolls - 1)).toBe(true);
    expect(shouldPollAgain('pending', PaymentPolling.maxPolls)).toBe(false);
  });

  it.each(['succeeded', 'failed', 'canceled'] as const)('stops once the payment is %s', (status) => {
    expect(shouldPollAgain(status, 1)).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { RefundMessages } from '@medtutor/contracts';
import { notRefundableReason, refundFormSchema } from './refund-form';

const gbp = refundFormSchema({ currency: 'GBP', refundableAmount: 16000 });

const issues = (result: ReturnType<typeof gbp.safeParse>) =>
  result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('refundFormSchema', () => {
  it('sends the typed amount in minor units with the trimmed reason', () => {
    expect(gbp.parse({ amount: '64.00', reason: '  Cancelled two sessions ' })).toEqual({
      amount: 6400,
      reason: 'Cancelled two sessions',
    });
    expect(
      refundFormSchema({ currency: 'JPY', refundableAmount: 30400 }).parse({ amount: '12160', reason: 'x' }),
    ).toEqual({ amount: 12160, reason: 'x' });
  });

  it('leaves the amount out when blank, so the server refunds all that is left', () => {
    expect(gbp.parse({ amount: '', reason: 'Course cancelled' })).toEqual({ reason: 'Course cancelled' });
    expect(gbp.parse({ amount: null, reason: 'Course cancelled' })).toEqual({ reason: 'Course cancelled' });
  });

  it("words the contract's rules: a reason, a whole amount in pence, at most what is left", () => {
    expect(issues(gbp.safeParse({ amount: '10', reason: '  ' }))).toEqual([['reason', RefundMessages.reasonRequired]]);
    expect(issues(gbp.safeParse({ amount: '10.005', reason: 'r' }))).toEqual([
      ['amount', RefundMessages.amountInvalid],
    ]);
    expect(issues(gbp.safeParse({ amount: '0', reason: 'r' }))).toEqual([['amount', RefundMessages.amountInvalid]]);
    expect(issues(gbp.safeParse({ amount: '160.01', reason: 'r' }))).toEqual([
      ['amount', RefundMessages.tooLarge('£160.00')],
    ]);
    expect(gbp.safeParse({ amount: '160', reason: 'r' }).success).toBe(true);
    // Every field's issue at once, so the form marks them all in one go.
    expect(issues(gbp.safeParse({ amount: '200', reason: '' }))).toEqual([
      ['amount', RefundMessages.tooLarge('£160.00')],
      ['reason', RefundMessages.reasonRequired],
    ]);
  });
});

describe('notRefundableReason', () => {
  it('explains why nothing can be refunded', () => {
    expect(notRefundableReason({ status: 'disputed', refundableAmount: 0 })).toBe(RefundMessages.disputeOpen);
    expect(notRefundableReason({ status: 'refunded', refundableAmount: 0 })).toBe(RefundMessages.nothingLeft);
    expect(notRefundableReason({ status: 'failed', refundableAmount: 0 })).toBe(RefundMessages.notRefundable);
    expect(notRefundableReason({ status: 'pending', refundableAmount: 0 })).toBe(RefundMessages.notRefundable);
    expect(notRefundableReason({ status: 'partially_refunded', refundableAmount: 9600 })).toBeNull();
  });
});

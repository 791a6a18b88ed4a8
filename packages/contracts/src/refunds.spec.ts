import { describe, expect, it } from '@jest/globals';
import {
  AdminPaymentsQuerySchema,
  disputeStatusRank,
  hoursToTakeBack,
  PaymentDisputedV1Schema,
  PaymentRefundedV1Schema,
  RefundBodySchema,
  RefundMessages,
  RefundPaymentRequestSchema,
} from './refunds.js';

describe('hoursToTakeBack', () => {
  it.each([
    // hours, amount, refunded, fully refunded → hours taken back
    [5, 19000, 7600, false, 2], // 40 % of 5 hours is exactly 2
    [5, 19000, 9500, false, 2.5], // 50 % is 2.5
    [5, 19000, 7601, false, 2.5], // a penny over 40 % rounds up to the next half hour
    [5, 19000, 1, false, 0.5], // the smallest refund still takes half an hour
    [10, 36000, 35999, false, 10], // just short of the total: all hours, never more
    [1, 4000, 2000, false, 0.5],
    [1, 4000, 2001, false, 1],
  ])('%d hours, %d paid, %d refunded (full: %s) → %d', (hours, amount, refunded, full, taken) => {
    expect(hoursToTakeBack(hours, amount, refunded, full)).toBe(taken);
  });

  it('takes every hour back for a full refund, a lost dispute or a refund of the whole amount', () => {
    expect(hoursToTakeBack(5, 19000, 100, true)).toBe(5);
    expect(hoursToTakeBack(5, 19000, 19000, false)).toBe(5);
    expect(hoursToTakeBack(5, 19000, 20000, false)).toBe(5);
  });

  it('takes nothing back before any money went back', () => {
    expect(hoursToTakeBack(5, 19000, 0, false)).toBe(0);
    expect(hoursToTakeBack(5, 19000, -100, false)).toBe(0);
  });
});

describe('disputeStatusRank', () => {
  it('ranks an open dispute below both closed states, which rank alike', () => {
    expect(disputeStatusRank('open')).toBe(0);
    expect(disputeStatusRank('won')).toBe(1);
    expect(disputeStatusRank('lost')).toBe(1);
  });
});

describe('AdminPaymentsQuerySchema', () => {
  it('defaults to the first page of 20 and treats blank filters as none', () => {
    expect(AdminPaymentsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(
      AdminPaymentsQuerySchema.parse({ q: '', status: '', currency: null, from: '', to: '', page: '', pageSize: '' }),
    ).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads every filter from a query string', () => {
    expect(
      AdminPaymentsQuerySchema.parse({
        q: '  ada@example.com ',
        status: 'partially_refunded',
        currency: 'JPY',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '3',
        pageSize: '100',
      }),
    ).toEqual({
      q: 'ada@example.com',
      status: 'partially_refunded',
      currency: 'JPY',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
      pageSize: 100,
    });
    expect(AdminPaymentsQuerySchema.parse({ from: '2026-11-30', to: '2026-11-30' })).toMatchObject({
      from: '2026-11-30',
      to: '2026-11-30',
    });
  });

  it.each([
    { status: 'paid' },
    { currency: 'SEK' },
    { from: '2026-13-01' },
    { page: '0' },
    { page: '100001' },
    { pageSize: '0' },
    { pageSize: '101' },
    { pageSize: '2.5' },
    { q: 'x'.repeat(201) },
    { q: 'two\nlines' },
  ])('refuses %j', (query) => {
    expect(AdminPaymentsQuerySchema.safeParse(query).success).toBe(false);
  });

  it('refuses a date range that ends before it starts, on the end date', () => {
    const result = AdminPaymentsQuerySchema.safeParse({ from: '2026-11-30', to: '2026-11-01' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: RefundMessages.dateRangeInvalid, path: ['to'] }),
    ]);
  });
});

describe('RefundBodySchema', () => {
  it('reads the amount as a whole number of minor units, absent or null meaning all that is left', () => {
    expect(RefundBodySchema.parse({ amount: 1500, reason: '  Lesson cancelled ' })).toEqual({
      amount: 1500,
      reason: 'Lesson cancelled',
    });
    expect(RefundBodySchema.parse({ amount: 1, reason: 'r' })).toEqual({ amount: 1, reason: 'r' });
    expect(RefundBodySchema.parse({ reason: 'Line one\nline two' })).toEqual({ reason: 'Line one\nline two' });
    expect(RefundBodySchema.parse({ amount: null, reason: 'r' })).toEqual({ reason: 'r' });
  });

  // Issue 24: `true` used to coerce to 1 and refund one penny; text and fractions were coerced too.
  it.each([true, false, '100', '1500', '', 1.5, 12.5, 0, -1, -5, 'abc', Number.NaN, 2 ** 53, [100], { value: 1 }])(
    'refuses the amount %j with the rule, never coercing it',
    (amount) => {
      const result = RefundBodySchema.safeParse({ amount, reason: 'r' });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['amount'], message: RefundMessages.amountInvalid }),
      ]);
    },
  );

  it.each([undefined, '', '   '])('asks for a reason when it is %j', (reason) => {
    const result = RefundBodySchema.safeParse({ reason });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['reason'], message: RefundMessages.reasonRequired }),
    ]);
  });

  it('bounds the reason at 500 characters', () => {
    expect(RefundBodySchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(RefundBodySchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('needs the payment id of the path for the NATS request', () => {
    const paymentId = '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f';
    expect(RefundPaymentRequestSchema.parse({ paymentId, reason: 'r' })).toEqual({ paymentId, reason: 'r' });
    expect(RefundPaymentRequestSchema.safeParse({ paymentId: 'pay-1', reason: 'r' }).success).toBe(false);
  });
});

const purchase = {
  paymentId: '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f',
  userId: 42,
  buyerEmail: 'ada@example.com',
  buyerName: 'Ada Lovelace',
  subject: 'Medical School Support',
  packageName: '5-Session Package',
  hours: 5,
  currency: 'GBP',
  amount: 24000,
};

describe('payment events after the sale', () => {
  it('carry the purchase facts and the running refunded total', () => {
    const refunded = {
      ...purchase,
      refundedAmount: 9600,
      fullyRefunded: false,
      reason: null,
      refundedAt: '2026-11-25T10:05:00.000Z',
    };
    expect(PaymentRefundedV1Schema.parse(refunded)).toEqual(refunded);
    expect(PaymentRefundedV1Schema.safeParse({ ...refunded, refundedAmount: 0 }).success).toBe(false);
    expect(PaymentRefundedV1Schema.safeParse({ ...refunded, currency: 'SEK' }).success).toBe(false);
  });

  it('carry a dispute with its forward-only status', () => {
    const disputed = {
      ...purchase,
      buyerEmail: null,
      buyerName: null,
      disputeId: 'dp_1',
      status: 'lost',
      disputedAmount: 24000,
      reason: 'fraudulent',
      at: '2026-11-25T10:05:00.000Z',
    };
    expect(PaymentDisputedV1Schema.parse(disputed)).toEqual(disputed);
    expect(PaymentDisputedV1Schema.safeParse({ ...disputed, disputeId: '' }).success).toBe(false);
    expect(PaymentDisputedV1Schema.safeParse({ ...disputed, status: 'closed' }).success).toBe(false);
  });
});

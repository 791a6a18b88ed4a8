import { describe, expect, it } from '@jest/globals';
import { EventTypes, PaymentMessages, PaymentStatuses } from '@medtutor/contracts';
import type { Payment } from '../../generated/prisma/client.js';
import {
  ABANDONED,
  cancel,
  type Decide,
  dispute,
  fail,
  flagCodeConflict,
  hold,
  noteFailedAttempt,
  pay,
  PAYMENT_STATUSES,
  type PaymentChanges,
  type PaymentStatus,
  refund,
  type Refusal,
  requireAction,
  SUPERSEDED,
} from './payment-states.js';
import type { ReportedDispute } from './providers/provider-events.js';

const paidAt = new Date('2027-03-02T10:00:00Z');
const at = new Date('2027-03-03T09:00:00Z');
const heldAt = new Date('2027-03-01T08:00:00Z');

const payment = (status: PaymentStatus, over: Partial<Payment> = {}): Payment =>
  ({
    id: '5d0f4c1e-0000-4000-8000-000000000001',
    userId: 7,
    buyerEmail: 'buyer@example.test',
    buyerName: 'Buyer',
    subject: 'ucat',
    packageType: 'single',
    packageName: 'Single session',
    hours: 1,
    currency: 'GBP',
    amountMinor: 4500,
    originalAmountMinor: 4500,
    discountMinor: 0,
    discountCode: null,
    provider: 'stripe',
    providerPaymentId: 'pi_1',
    clientSecret: null,
    status,
    failureReason: null,
    createdAt: new Date('2027-03-01T07:00:00Z'),
    paidAt: status === 'succeeded' ? paidAt : null,
    updatedAt: new Date('2027-03-01T07:00:00Z'),
    conflictReason: null,
    conflictAt: null,
    refundedMinor: 0,
    providerChargeId: null,
    settlementCurrency: null,
    settlementAmountMinor: null,
    settlementExchangeRate: null,
    ...over,
  }) as Payment;

const disputeNews = (status: ReportedDispute['status']): ReportedDispute => ({
  id: 'dp_1',
  status,
  amountMinor: 4500,
  reason: 'fraudulent',
  openedAt: paidAt,
  at,
});

/** What a transition should do: refused with a reason, or the changes and the event types written. */
type Expected = Refusal | { changes: PaymentChanges; events: string[] };

const succeeded = EventTypes.paymentSucceeded;
const refunded = EventTypes.paymentRefunded;
const disputed = EventTypes.paymentDisputed;
const paid: Expected = { changes: { status: 'succeeded', paidAt: at, failureReason: null }, events: [succeeded] };
const closed = (status: 'failed' | 'canceled', reason: string): Expected => ({
  changes: { status, failureReason: reason },
  events: [],
});
const flagged = (reason: string): Expected => ({ changes: { conflictReason: reason, conflictAt: at }, events: [] });
const mismatchReason = PaymentMessages.providerMismatch('amount');

/**
 * Every transition from every status, not held and held (the provider reported other figures).
 * Written out by hand, row by row, so a change to a rule shows here as a changed expectation.
 */
const table: Array<{
  name: string;
  decide: Decide;
  notHeld: Record<PaymentStatus, Expected>;
  held: Record<PaymentStatus, Expected>;
}> = [
  {
    name: 'requireAction',
    decide: requireAction,
    notHeld: {
      pending: { changes: { status: 'requires_action' }, events: [] },
      requires_action: 'not_pending',
      succeeded: 'not_pending',
      failed: 'not_pending',
      canceled: 'not_pending',
    },
    held: {
      pending: { changes: { status: 'requires_action' }, events: [] },
      requires_action: 'not_pending',
      succeeded: 'not_pending',
      failed: 'not_pending',
      canceled: 'not_pending',
    },
  },
  {
    name: 'pay (provider took the money)',
    decide: (p) => pay(p, { paidAt: at, onlyIfOpen: false }),
    notHeld: { pending: paid, requires_action: paid, succeeded: 'already_paid', failed: paid, canceled: paid },
    held: { pending: 'held', requires_action: 'held', succeeded: 'already_paid', failed: 'held', canceled: 'held' },
  },
  {
    name: 'pay (demo: only while open)',
    decide: (p) => pay(p, { paidAt: at, onlyIfOpen: true }),
    notHeld: {
      pending: paid,
      requires_action: paid,
      succeeded: 'already_paid',
      failed: 'not_open',
      canceled: 'not_open',
    },
    held: { pending: 'held', requires_action: 'held', succeeded: 'already_paid', failed: 'held', canceled: 'held' },
  },
  {
    name: 'fail',
    decide: (p) => fail(p, PaymentMessages.cardDeclined),
    notHeld: {
      pending: closed('failed', PaymentMessages.cardDeclined),
      requires_action: closed('failed', PaymentMessages.cardDeclined),
      succeeded: 'not_open',
      failed: 'not_open',
      canceled: 'not_open',
    },
    held: {
      pending: closed('failed', PaymentMessages.cardDeclined),
      requires_action: closed('failed', PaymentMessages.cardDeclined),
      succeeded: 'not_open',
      failed: 'not_open',
      canceled: 'not_open',
    },
  },
  ...[SUPERSEDED, ABANDONED, 'canceled at the provider'].map((reason) => ({
    name: `cancel (${reason})`,
    decide: (p: Payment) => cancel(p, reason),
    notHeld: {
      pending: closed('canceled', reason),
      requires_action: closed('canceled', reason),
      succeeded: 'not_open' as const,
      failed: 'not_open' as const,
      canceled: 'not_open' as const,
    },
    held: {
      pending: closed('canceled', reason),
      requires_action: closed('canceled', reason),
      succeeded: 'not_open' as const,
      failed: 'not_open' as const,
      canceled: 'not_open' as const,
    },
  })),
  {
    name: 'noteFailedAttempt',
    decide: (p) => noteFailedAttempt(p, 'Your card has insufficient funds.'),
    notHeld: {
      pending: { changes: { failureReason: 'Your card has insufficient funds.' }, events: [] },
      requires_action: { changes: { failureReason: 'Your card has insufficient funds.' }, events: [] },
      succeeded: 'not_open',
      failed: 'not_open',
      canceled: 'not_open',
    },
    held: {
      pending: { changes: { failureReason: 'Your card has insufficient funds.' }, events: [] },
      requires_action: { changes: { failureReason: 'Your card has insufficient funds.' }, events: [] },
      succeeded: 'not_open',
      failed: 'not_open',
      canceled: 'not_open',
    },
  },
  {
    name: 'hold',
    decide: (p) => hold(p, { mismatch: ['amount'], at }),
    notHeld: {
      pending: flagged(mismatchReason),
      requires_action: flagged(mismatchReason),
      succeeded: 'already_paid',
      failed: flagged(mismatchReason),
      canceled: flagged(mismatchReason),
    },
    held: {
      pending: 'already_held',
      requires_action: 'already_held',
      succeeded: 'already_paid',
      failed: 'already_held',
      canceled: 'already_held',
    },
  },
  {
    name: 'flagCodeConflict',
    decide: (p) => flagCodeConflict(p, at),
    notHeld: {
      pending: 'not_paid',
      requires_action: 'not_paid',
      succeeded: flagged(PaymentMessages.codeConflict),
      failed: 'not_paid',
      canceled: 'not_paid',
    },
    held: {
      pending: 'not_paid',
      requires_action: 'not_paid',
      succeeded: 'already_flagged',
      failed: 'not_paid',
      canceled: 'not_paid',
    },
  },
  ...[
    { kind: 'partial', totalMinor: 1500 },
    { kind: 'full', totalMinor: 4500 },
  ].map(({ kind, totalMinor }) => {
    const refundedTo: Expected = { changes: { refundedMinor: totalMinor }, events: [refunded] };
    const row = {
      pending: 'not_paid' as const,
      requires_action: 'not_paid' as const,
      succeeded: refundedTo,
      failed: 'not_paid' as const,
      canceled: 'not_paid' as const,
    };
    return {
      name: `refund (${kind})`,
      decide: (p: Payment) => refund(p, { totalMinor, reason: 'requested_by_customer', at }),
      notHeld: row,
      held: row,
    };
  }),
  ...(['open', 'won'] as const).map((status) => {
    const news: Expected = { changes: {}, events: [disputed] };
    const row = { pending: news, requires_action: news, succeeded: news, failed: news, canceled: news };
    return {
      name: `dispute (${status})`,
      decide: (p: Payment) => dispute(p, { reported: disputeNews(status), existing: null }),
      notHeld: row,
      held: row,
    };
  }),
  (() => {
    const lost: Expected = { changes: { refundedMinor: 4500 }, events: [disputed, refunded] };
    const row = { pending: lost, requires_action: lost, succeeded: lost, failed: lost, canceled: lost };
    return {
      name: 'dispute (lost)',
      decide: (p: Payment) => dispute(p, { reported: disputeNews('lost'), existing: null }),
      notHeld: row,
      held: row,
    };
  })(),
];

describe('payment transitions: every status × every transition', () => {
  for (const { name, decide, notHeld, held } of table) {
    for (const [variant, expectations, over] of [
      ['not held', notHeld, {}],
      ['held', held, { conflictAt: heldAt, conflictReason: mismatchReason }],
    ] as const) {
      it.each(PAYMENT_STATUSES.map((status) => [status, expectations[status]] as const))(
        `${name} from %s (${variant})`,
        (status, expected) => {
          const outcome = decide(payment(status, over));
          if (typeof expected === 'string') {
            expect(outcome).toEqual({ ok: false, refusal: expected });
            return;
          }
          expect(outcome.ok).toBe(true);
          if (!outcome.ok) return;
          expect(outcome.changes).toEqual(expected.changes);
          expect(outcome.events.map((event) => event.type)).toEqual(expected.events);
        },
      );
    }
  }

  it('covers every status a payment can have', () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual([...PaymentStatuses].sort());
  });
});

describe('the events a transition writes', () => {
  it('pay writes payments.payment_succeeded.v1 with the purchase and the time it was paid', () => {
    const outcome = pay(payment('pending', { discountCode: 'SAVE10' }), { paidAt: at, onlyIfOpen: false });
    expect(outcome.ok && outcome.events).toEqual([
      {
        type: EventTypes.paymentSucceeded,
        data: expect.objectContaining({
          paymentId: '5d0f4c1e-0000-4000-8000-000000000001',
          userId: 7,
          hours: 1,
          amount: 4500,
          currency: 'GBP',
          discountCode: 'SAVE10',
          provider: 'stripe',
          paidAt: at.toISOString(),
        }),
      },
    ]);
  });

  it('a partial refund reports the running total, not fully refunded; the full one reports fully refunded', () => {
    const partial = refund(payment('succeeded'), { totalMinor: 1500, reason: 'late', at });
    expect(partial.ok && partial.events[0]?.data).toMatchObject({
      refundedAmount: 1500,
      fullyRefunded: false,
      reason: 'late',
      refundedAt: at.toISOString(),
    });
    const rest = refund(payment('succeeded', { refundedMinor: 1500 }), { totalMinor: 4500, reason: null, at });
    expect(rest.ok && rest.changes).toEqual({ refundedMinor: 4500 });
    expect(rest.ok && rest.events[0]?.data).toMatchObject({ refundedAmount: 4500, fullyRefunded: true });
  });

  it('a refunded amount only grows and never passes the amount paid', () => {
    const already = payment('succeeded', { refundedMinor: 3000 });
    expect(refund(already, { totalMinor: 3000, reason: null, at })).toEqual({ ok: false, refusal: 'nothing_new' });
    expect(refund(already, { totalMinor: 1000, reason: null, at })).toEqual({ ok: false, refusal: 'nothing_new' });
    const capped = refund(already, { totalMinor: 9000, reason: null, at });
    expect(capped.ok && capped.changes).toEqual({ refundedMinor: 4500 });
    const full = payment('succeeded', { refundedMinor: 4500 });
    expect(refund(full, { totalMinor: 9000, reason: null, at })).toEqual({ ok: false, refusal: 'nothing_new' });
  });

  it('a dispute only moves forward, and only for its own payment', () => {
    const mine = payment('succeeded');
    const existing = (status: ReportedDispute['status'], paymentId = mine.id) => ({ status, paymentId });
    const forward = dispute(mine, { reported: disputeNews('won'), existing: existing('open') });
    expect(forward.ok && forward.events.map((event) => event.data)).toEqual([
      expect.objectContaining({ disputeId: 'dp_1', status: 'won', at: at.toISOString() }),
    ]);
    for (const [held, reported] of [
      ['open', 'open'],
      ['won', 'open'],
      ['won', 'lost'],
      ['lost', 'won'],
      ['lost', 'lost'],
    ] as const) {
      expect(dispute(mine, { reported: disputeNews(reported), existing: existing(held) })).toEqual({
        ok: false,
        refusal: 'dispute_not_forward',
      });
    }
    expect(dispute(mine, { reported: disputeNews('lost'), existing: existing('open', 'another-payment') })).toEqual({
      ok: false,
      refusal: 'dispute_not_forward',
    });
  });

  it('a lost dispute counts as a full refund once: nothing more when already refunded in full', () => {
    const lost = dispute(payment('succeeded', { refundedMinor: 1000 }), {
      reported: disputeNews('lost'),
      existing: { status: 'open', paymentId: '5d0f4c1e-0000-4000-8000-000000000001' },
    });
    expect(lost.ok && lost.events.map((event) => [event.type, event.data])).toEqual([
      [EventTypes.paymentDisputed, expect.objectContaining({ status: 'lost', disputedAmount: 4500 })],
      [
        EventTypes.paymentRefunded,
        expect.objectContaining({ refundedAmount: 4500, fullyRefunded: true, reason: 'fraudulent' }),
      ],
    ]);
    const done = dispute(payment('succeeded', { refundedMinor: 4500 }), {
      reported: disputeNews('lost'),
      existing: null,
    });
    expect(done.ok && done.changes).toEqual({});
    expect(done.ok && done.events.map((event) => event.type)).toEqual([EventTypes.paymentDisputed]);
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  type Difference,
  differenceLine,
  type PlatformPayment,
  type PlatformRefund,
  parseSince,
  reconcile,
  type StripeIntent,
  type StripeRefund,
  unrepaired,
} from './payment-reconciliation.js';

const now = new Date('2027-03-02T12:00:00Z');
const paidAt = new Date('2027-03-02T10:00:00Z');

const payment = (over: Partial<PlatformPayment> = {}): PlatformPayment => ({
  id: 'p1',
  status: 'pending',
  amountMinor: 4500,
  currency: 'GBP',
  providerPaymentId: 'pi_1',
  flagged: false,
  ...over,
});

const intent = (over: Partial<StripeIntent> = {}): StripeIntent => ({
  id: 'pi_1',
  status: 'requires_payment_method',
  amountMinor: 4500,
  currency: 'gbp',
  paymentId: 'p1',
  paidAt: null,
  ...over,
});

const stripeRefund = (over: Partial<StripeRefund['reported']> = {}, intentId = 'pi_1'): StripeRefund => ({
  reported: {
    providerRefundId: 're_1',
    refundId: null,
    amountMinor: 1000,
    status: 'succeeded',
    reason: 'requested_by_customer',
    settlementAmountMinor: 1000,
    ...over,
  },
  paymentIntentId: intentId,
  createdAt: new Date('2027-03-02T11:00:00Z'),
});

const ourRefund = (over: Partial<PlatformRefund> = {}): PlatformRefund => ({
  id: '7a1c2b3d-0000-4000-8000-000000000001',
  paymentId: 'p1',
  providerRefundId: 're_1',
  amountMinor: 1000,
  status: 'succeeded',
  ...over,
});

const run = (
  payments: PlatformPayment[],
  intents: StripeIntent[],
  refunds: { here?: PlatformRefund[]; stripe?: StripeRefund[] } = {},
) => reconcile({ payments, refunds: refunds.here ?? [] }, { intents, refunds: refunds.stripe ?? [] }, now);

const kinds = (differences: Difference[]) => differences.map((difference) => difference.kind);

describe('reconcile: payments', () => {
  it('finds nothing when both sides agree, whatever the status', () => {
    expect(run([payment()], [intent()])).toEqual([]);
    expect(run([payment({ status: 'succeeded' })], [intent({ status: 'succeeded', paidAt })])).toEqual([]);
    expect(run([payment({ status: 'canceled' })], [intent({ status: 'canceled' })])).toEqual([]);
  });

  it('a payment still open whose intent succeeded is marked paid, at the time Stripe charged it', () => {
    for (const status of ['pending', 'requires_action']) {
      expect(run([payment({ status })], [intent({ status: 'succeeded', paidAt })])).toEqual([
        {
          kind: 'paid_at_stripe_not_here',
          paymentId: 'p1',
          stripeId: 'pi_1',
          here: { status, amountMinor: 4500, currency: 'GBP' },
          stripe: { status: 'succeeded', amountMinor: 4500, currency: 'GBP' },
          repair: { action: 'mark_paid', paymentId: 'p1', paidAt },
        },
      ]);
    }
  });

  it('a payment closed here (swept, cancelled) whose intent succeeded is paid too: the money was taken', () => {
    const [difference] = run([payment({ status: 'canceled' })], [intent({ status: 'succeeded', paidAt: null })]);
    expect(difference?.repair).toEqual({ action: 'mark_paid', paymentId: 'p1', paidAt: now });
  });

  it('never credits a paid intent that disagrees in amount or currency, nor a payment held for an admin', () => {
    const paid = { status: 'succeeded', paidAt };
    const amount = run([payment()], [intent({ ...paid, amountMinor: 100 })]);
    expect(kinds(amount)).toEqual(['amount_mismatch', 'paid_at_stripe_held_here']);
    const currency = run([payment()], [intent({ ...paid, currency: 'usd' })]);
    expect(kinds(currency)).toEqual(['currency_mismatch', 'paid_at_stripe_held_here']);
    const flagged = run([payment({ flagged: true })], [intent(paid)]);
    expect(kinds(flagged)).toEqual(['paid_at_stripe_held_here']);
    expect([...amount, ...currency, ...flagged].every((difference) => difference.repair === null)).toBe(true);
  });

  it('reports amounts that differ on an unpaid intent too, with both figures', () => {
    const [difference] = run([payment()], [intent({ amountMinor: 4400 })]);
    expect(difference).toMatchObject({
      kind: 'amount_mismatch',
      here: { amountMinor: 4500 },
      stripe: { amountMinor: 4400 },
      repair: null,
    });
  });

  it('reports a payment paid here that Stripe does not hold as succeeded, and never repairs it', () => {
    for (const status of ['requires_payment_method', 'processing', 'canceled']) {
      const differences = run([payment({ status: 'succeeded' })], [intent({ status })]);
      expect(differences).toEqual([expect.objectContaining({ kind: 'paid_here_not_at_stripe', repair: null })]);
    }
  });

  it('reports an intent missing at Stripe, and a paid intent of ours with no payment here', () => {
    expect(run([payment()], [])).toEqual([expect.objectContaining({ kind: 'missing_at_stripe', stripe: null })]);
    const lost = run([], [intent({ id: 'pi_2', paymentId: 'p2', status: 'succeeded', paidAt })]);
    expect(lost).toEqual([
      expect.objectContaining({ kind: 'missing_here', paymentId: 'p2', stripeId: 'pi_2', here: null, repair: null }),
    ]);
  });

  it('ignores intents another system made, unpaid intents without a payment, and payments with no intent yet', () => {
    const foreign = intent({ id: 'pi_x', paymentId: null, status: 'succeeded', paidAt });
    const abandoned = intent({ id: 'pi_y', paymentId: 'p9' });
    expect(run([payment({ providerPaymentId: null })], [foreign, abandoned])).toEqual([]);
  });
});

describe('reconcile: refunds', () => {
  const paid = payment({ status: 'succeeded' });
  const paidIntent = intent({ status: 'succeeded', paidAt });

  it('a refund at Stripe with no row here is recorded through the money-back path', () => {
    const refund = stripeRefund();
    expect(run([paid], [paidIntent], { stripe: [refund] })).toEqual([
      {
        kind: 'refund_missing_here',
        paymentId: 'p1',
        stripeId: 're_1',
        here: null,
        stripe: { status: 'succeeded', amountMinor: 1000, currency: 'GBP' },
        repair: { action: 'record_refund', paymentId: 'p1', refund: refund.reported, at: refund.createdAt },
      },
    ]);
  });

  it('finds our refund by Stripe id or by our id in the metadata; agreeing ones are no difference', () => {
    expect(run([paid], [paidIntent], { here: [ourRefund()], stripe: [stripeRefund()] })).toEqual([]);
    const unlinked = run([paid], [paidIntent], {
      here: [ourRefund({ providerRefundId: null, status: 'pending' })],
      stripe: [stripeRefund({ refundId: ourRefund().id })],
    });
    expect(unlinked).toEqual([
      expect.objectContaining({ kind: 'refund_outdated_here', here: expect.objectContaining({ status: 'pending' }) }),
    ]);
    expect(unlinked[0]?.repair?.action).toBe('record_refund');
  });

  it('a final status here is never taken back to pending, so only a newer status is a difference', () => {
    const pendingAtStripe = stripeRefund({ status: 'pending' });
    expect(run([paid], [paidIntent], { here: [ourRefund()], stripe: [pendingAtStripe] })).toEqual([]);
    const failedAtStripe = run([paid], [paidIntent], {
      here: [ourRefund()],
      stripe: [stripeRefund({ status: 'failed' })],
    });
    expect(kinds(failedAtStripe)).toEqual(['refund_outdated_here']);
  });

  it('reports a refund whose amount differs, without repairing it', () => {
    const differences = run([paid], [paidIntent], {
      here: [ourRefund({ amountMinor: 900 })],
      stripe: [stripeRefund()],
    });
    expect(differences).toEqual([expect.objectContaining({ kind: 'refund_amount_mismatch', repair: null })]);
  });

  it('records the refund of a payment the missing webhook left open, after marking it paid', () => {
    const differences = run([payment()], [paidIntent], { stripe: [stripeRefund()] });
    expect(differences.map((difference) => difference.repair?.action)).toEqual(['mark_paid', 'record_refund']);
  });

  it('leaves refunds of intents that are not ours alone', () => {
    expect(run([paid], [paidIntent], { stripe: [stripeRefund({}, 'pi_other')] })).toEqual([]);
  });
});

describe('differenceLine', () => {
  const [difference] = run([payment()], [intent({ status: 'succeeded', paidAt })]) as [Difference];

  it('names ids, statuses and minor amounts, and what became of it', () => {
    expect(differenceLine(difference, 'repairable')).toBe(
      'paid_at_stripe_not_here payment=p1 stripe=pi_1 here=pending 4500 GBP at_stripe=succeeded 4500 GBP → repairable with --repair',
    );
    expect(differenceLine(difference, 'failed: database down')).toMatch(/→ repair failed \(database down\)$/);
    const [lost] = run([], [intent({ status: 'succeeded', paidAt })]) as [Difference];
    expect(differenceLine(lost, 'report_only')).toBe(
      'missing_here payment=p1 stripe=pi_1 here=none at_stripe=succeeded 4500 GBP → report only: needs a person',
    );
  });
});

describe('unrepaired', () => {
  it('counts everything but what this run or a webhook set right', () => {
    expect(unrepaired(['repaired', 'already_repaired'])).toBe(0);
    expect(unrepaired(['repaired', 'repairable', 'report_only', 'failed: timeout'])).toBe(3);
  });
});

describe('parseSince', () => {
  it('reads a duration back from now', () => {
    expect(parseSince('90m', now)).toEqual(new Date('2027-03-02T10:30:00Z'));
    expect(parseSince('24h', now)).toEqual(new Date('2027-03-01T12:00:00Z'));
    expect(parseSince('7d', now)).toEqual(new Date('2027-02-23T12:00:00Z'));
  });

  it('reads an ISO time with its zone, or a date (midnight UTC)', () => {
    expect(parseSince('2027-03-01T02:15:00Z', now)).toEqual(new Date('2027-03-01T02:15:00Z'));
    expect(parseSince('2027-03-01T03:15:00+01:00', now)).toEqual(new Date('2027-03-01T02:15:00Z'));
    expect(parseSince('2027-03-01', now)).toEqual(new Date('2027-03-01T00:00:00Z'));
  });

  it('refuses a time without a zone, one in the future, and anything else', () => {
    for (const value of ['2027-03-01T02:15:00', '2027-03-03T00:00:00Z', 'yesterday', '24', '5y', '']) {
      expect(parseSince(value, now)).toBeNull();
    }
  });
});

import { Injectable } from '@nestjs/common';
import { enqueueMail, MailRelay, OutboxRelay } from '@medtutor/nest-kit';
import type { Payment } from '../../generated/prisma/client.js';
import type { ReportedDispute, ReportedRefund } from './providers/provider-events.js';
import { MoneyBackRepository } from './money-back.repository.js';
import { dispute, refund } from './payment-states.js';
import { PaymentRepository, type Tx } from './payment.repository.js';
import { refundEmail } from './refund-email.js';

/** Whether the transaction wrote an event or an email, so the caller wakes the relays once it commits. */
export interface MoneyBackOutcome {
  changed: boolean;
}

/**
 * Money going back, for the admin's refund, the demo and every Stripe webhook alike: refunds raise a
 * payment's refunded amount (the `refund` transition) and chargebacks move forward (`dispute`; a
 * lost one raises it to the full amount). Each step runs inside the caller's transaction with the
 * payment row locked (`PaymentRepository.lock`), so concurrent webhooks and admins serialise on it.
 *
 * The refunded amount only grows: GREATEST(what we hold, the total Stripe reported, the sum of
 * succeeded refunds), capped at the amount. Each growth writes one payments.payment_refunded.v1 (the
 * running total) and one confirmation email; a duplicate or an older figure writes nothing.
 */
@Injectable()
export class MoneyBackService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly moneyBackRows: MoneyBackRepository,
    private readonly outbox: OutboxRelay,
    private readonly mail: MailRelay,
  ) {}

  /** Once the caller's transaction committed: events and emails go out now rather than at the relays' next poll. */
  wake(outcome: MoneyBackOutcome): void {
    if (!outcome.changed) return;
    this.outbox.nudge();
    this.mail.wake();
  }

  /**
   * Records a refund the provider reported. Found by Stripe's id, else by our id in its metadata (the
   * webhook may arrive before the create call's answer was stored), else created as a refund made in
   * the Stripe dashboard (requestedBy null). A final status is never turned back into pending; Stripe's
   * word otherwise wins (a refund we marked failed after a lost answer may still have succeeded).
   */
  async recordRefund(tx: Tx, payment: Payment, reported: ReportedRefund): Promise<void> {
    const existing = await this.moneyBackRows.findReportedRefund(tx, payment.id, reported);
    if (!existing) {
      await this.moneyBackRows.insertReportedRefund(tx, payment.id, reported);
      return;
    }
    const status = reported.status === 'pending' && existing.status !== 'pending' ? existing.status : reported.status;
    await this.moneyBackRows.updateRefund(tx, existing.id, {
      providerRefundId: reported.providerRefundId,
      status,
      settlementAmountMinor: reported.settlementAmountMinor ?? existing.settlementAmountMinor,
    });
  }

  /**
   * Raises the payment's refunded amount to the largest figure known (see the class comment). The
   * payment must be locked by the caller. `reportedTotal` is Stripe's charge.amount_refunded when the
   * caller has it.
   */
  async applyRefunded(
    tx: Tx,
    payment: Payment,
    at: Date,
    correlationId: string | null,
    reportedTotal = 0,
  ): Promise<MoneyBackOutcome> {
    const succeeded = await this.moneyBackRows.succeededRefundsOf(tx, payment.id);
    const reason = succeeded.latestReason;
    const totalMinor = Math.max(reportedTotal, succeeded.totalMinor);
    const raised = await this.payments.apply(tx, payment, (p) => refund(p, { totalMinor, reason, at }), correlationId);
    if (!raised.applied) return { changed: false };
    const total = raised.payment.refundedMinor;
    if (payment.buyerEmail) {
      await enqueueMail(
        tx,
        refundEmail({
          ...payment,
          buyerEmail: payment.buyerEmail,
          refundedNowMinor: total - raised.before.refundedMinor,
          refundedTotalMinor: total,
          reason,
          refundedAt: at,
        }),
      );
    }
    return { changed: true };
  }

  /**
   * A dispute's news, forward only (`dispute`): the payment's change and events, then the dispute
   * row. The payment must be locked by the caller.
   */
  async applyDispute(
    tx: Tx,
    payment: Payment,
    reported: ReportedDispute,
    correlationId: string | null,
  ): Promise<MoneyBackOutcome> {
    const existing = await this.moneyBackRows.findDispute(tx, reported.id);
    const moved = await this.payments.apply(tx, payment, (p) => dispute(p, { reported, existing }), correlationId);
    if (!moved.applied) return { changed: false };
    await this.moneyBackRows.saveDispute(tx, payment.id, reported, existing !== null);
    return { changed: true };
  }
}

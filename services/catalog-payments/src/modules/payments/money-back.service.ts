import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { enqueueMail, MailRelay, OutboxRelay } from '@medtutor/nest-kit';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/prisma.service.js';
import type { ReportedDispute, ReportedRefund } from './providers/provider-events.js';
import { dispute, refund } from './payment-states.js';
import { PaymentRepository } from './payment.repository.js';
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
  async recordRefund(tx: Db, payment: Payment, reported: ReportedRefund): Promise<void> {
    const existing =
      (await tx.refund.findUnique({ where: { providerRefundId: reported.providerRefundId } })) ??
      (reported.refundId
        ? await tx.refund.findFirst({ where: { id: reported.refundId, paymentId: payment.id } })
        : null);
    if (!existing) {
      await tx.refund.create({
        data: {
          id: randomUUID(),
          paymentId: payment.id,
          providerRefundId: reported.providerRefundId,
          amountMinor: reported.amountMinor,
          status: reported.status,
          reason: reported.reason,
          requestedBy: null,
          settlementAmountMinor: reported.settlementAmountMinor,
        },
      });
      return;
    }
    const status = reported.status === 'pending' && existing.status !== 'pending' ? existing.status : reported.status;
    await tx.refund.update({
      where: { id: existing.id },
      data: {
        providerRefundId: reported.providerRefundId,
        status,
        settlementAmountMinor: reported.settlementAmountMinor ?? existing.settlementAmountMinor,
      },
    });
  }

  /**
   * Raises the payment's refunded amount to the largest figure known (see the class comment). The
   * payment must be locked by the caller. `reportedTotal` is Stripe's charge.amount_refunded when the
   * caller has it.
   */
  async applyRefunded(
    tx: Db,
    payment: Payment,
    at: Date,
    correlationId: string | null,
    reportedTotal = 0,
  ): Promise<MoneyBackOutcome> {
    const succeeded = await tx.refund.aggregate({
      where: { paymentId: payment.id, status: 'succeeded' },
      _sum: { amountMinor: true },
    });
    const latest = await tx.refund.findFirst({
      where: { paymentId: payment.id, status: 'succeeded' },
      orderBy: [{ updatedAt: 'desc' }, { createdAt: 'desc' }],
    });
    const reason = latest?.reason ?? null;
    const totalMinor = Math.max(reportedTotal, succeeded._sum.amountMinor ?? 0);
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
    tx: Db,
    payment: Payment,
    reported: ReportedDispute,
    correlationId: string | null,
  ): Promise<MoneyBackOutcome> {
    const existing = await tx.paymentDispute.findUnique({ where: { id: reported.id } });
    const moved = await this.payments.apply(tx, payment, (p) => dispute(p, { reported, existing }), correlationId);
    if (!moved.applied) return { changed: false };
    const closedAt = reported.status === 'open' ? null : reported.at;
    if (existing) {
      await tx.paymentDispute.update({ where: { id: reported.id }, data: { status: reported.status, closedAt } });
    } else {
      await tx.paymentDispute.create({
        data: {
          id: reported.id,
          paymentId: payment.id,
          status: reported.status,
          amountMinor: reported.amountMinor,
          reason: reported.reason,
          openedAt: reported.openedAt,
          closedAt,
        },
      });
    }
    return { changed: true };
  }
}

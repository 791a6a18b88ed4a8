import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventTypes } from '@medtutor/contracts';
import { enqueueMail, MailRelay, newEvent, OutboxRelay, writeOutbox } from '@medtutor/nest-kit';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import type { ProviderRefundStatus } from './providers/payment-provider.js';
import { refundedEvent } from './money-back-events.js';
import { refundEmail } from './refund-email.js';

/** A refund as Stripe (or the demo) reported it: from the create answer or a webhook. */
export interface ReportedRefund {
  providerRefundId: string;
  /** Our refund row's id, when the refund was made through us (Stripe echoes it in the metadata). */
  refundId: string | null;
  amountMinor: number;
  status: ProviderRefundStatus;
  /** For a refund made in the Stripe dashboard: its metadata reason, else Stripe's reason. */
  reason: string | null;
  settlementAmountMinor: number | null;
}

/** Whether the transaction wrote an event or an email, so the caller wakes the relays once it commits. */
export interface MoneyBackOutcome {
  changed: boolean;
}

/**
 * Refunds: how money going back raises a payment's refunded amount, for the admin's refund, the demo
 * and every Stripe webhook alike (a lost dispute raises it too, in PaymentDisputesService). Each step
 * runs inside the caller's transaction with the payment row locked, so concurrent webhooks and admins
 * serialise on it.
 *
 * The refunded amount only grows: GREATEST(what we hold, the total Stripe reported, the sum of
 * succeeded refunds), capped at the amount. Each growth writes one payments.payment_refunded.v1 (the
 * running total) and one confirmation email; a duplicate or an older figure writes nothing.
 */
@Injectable()
export class MoneyBackService {
  constructor(
    private readonly outbox: OutboxRelay,
    private readonly mail: MailRelay,
  ) {}

  /** Row lock on the payment until the transaction ends; null when there is no such payment. */
  async lock(tx: Db, paymentId: string): Promise<Payment | null> {
    const rows = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
    return rows.length ? tx.payment.findUniqueOrThrow({ where: { id: paymentId } }) : null;
  }

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
    // Stripe may tell of a refund before of the payment itself: the refunds are recorded, and the
    // payment takes them in when it is paid (`PaymentFulfilmentService.markPaid`), after its credit.
    if (payment.status !== 'succeeded') return { changed: false };
    const succeeded = await tx.refund.aggregate({
      where: { paymentId: payment.id, status: 'succeeded' },
      _sum: { amountMinor: true },
    });
    const total = Math.min(
      payment.amountMinor,
      Math.max(payment.refundedMinor, reportedTotal, succeeded._sum.amountMinor ?? 0),
    );
    if (total <= payment.refundedMinor) return { changed: false };
    const { count } = await tx.payment.updateMany({
      where: { id: payment.id, refundedMinor: { lt: total } },
      data: { refundedMinor: total },
    });
    if (count === 0) return { changed: false };
    const latest = await tx.refund.findFirst({
      where: { paymentId: payment.id, status: 'succeeded' },
      orderBy: [{ updatedAt: 'desc' }, { createdAt: 'desc' }],
    });
    const reason = latest?.reason ?? null;
    await writeOutbox(
      tx,
      newEvent(
        EventTypes.paymentRefunded,
        1,
        refundedEvent(payment, total, total >= payment.amountMinor, reason, at),
        correlationId,
      ),
    );
    if (payment.buyerEmail) {
      await enqueueMail(
        tx,
        refundEmail({
          ...payment,
          buyerEmail: payment.buyerEmail,
          refundedNowMinor: total - payment.refundedMinor,
          refundedTotalMinor: total,
          reason,
          refundedAt: at,
        }),
      );
    }
    return { changed: true };
  }
}

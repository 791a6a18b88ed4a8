import { Injectable } from '@nestjs/common';
import { type DisputeStatus, disputeStatusRank, EventTypes } from '@medtutor/contracts';
import { newEvent, writeOutbox } from '@medtutor/nest-kit';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { disputedEvent, refundedEvent } from './money-back-events.js';
import type { MoneyBackOutcome } from './money-back.service.js';

export interface ReportedDispute {
  id: string;
  status: DisputeStatus;
  amountMinor: number;
  reason: string | null;
  openedAt: Date;
  /** When the dispute closed (the event's time); ignored for an open one. */
  at: Date;
}

/**
 * Chargebacks, as Stripe reports them. A dispute's status only moves forward (open → won | lost);
 * each move writes one payments.payment_disputed.v1. A lost dispute also counts as a full refund
 * (without the refund email: the bank gave the money back, not us). Runs inside the caller's
 * transaction, with the payment locked by `MoneyBackService.lock`.
 */
@Injectable()
export class PaymentDisputesService {
  /** A dispute's news, forward only. The payment must be locked by the caller. */
  async applyDispute(
    tx: Db,
    payment: Payment,
    reported: ReportedDispute,
    correlationId: string | null,
  ): Promise<MoneyBackOutcome> {
    const existing = await tx.paymentDispute.findUnique({ where: { id: reported.id } });
    if (
      existing &&
      (existing.paymentId !== payment.id || disputeStatusRank(existing.status) >= disputeStatusRank(reported.status))
    ) {
      return { changed: false };
    }
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
    await writeOutbox(tx, newEvent(EventTypes.paymentDisputed, 1, disputedEvent(payment, reported), correlationId));
    if (reported.status === 'lost' && payment.refundedMinor < payment.amountMinor) {
      // The bank took the money back: the payment counts as refunded in full from now on.
      await tx.payment.update({ where: { id: payment.id }, data: { refundedMinor: payment.amountMinor } });
      await writeOutbox(
        tx,
        newEvent(
          EventTypes.paymentRefunded,
          1,
          refundedEvent(payment, payment.amountMinor, true, reported.reason, reported.at),
          correlationId,
        ),
      );
    }
    return { changed: true };
  }
}

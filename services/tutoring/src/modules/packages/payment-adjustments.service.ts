import { Inject, Injectable } from '@nestjs/common';
import {
  type DisputeStatus,
  disputeStatusRank,
  EventTypes,
  formatMinor,
  hoursToTakeBack,
  type LedgerEntryKind,
  PackageHoldMessages,
  type PaymentDisputedV1,
  PaymentDisputedV1Schema,
  type PaymentRefundedV1,
  PaymentRefundedV1Schema,
} from '@medtutor/contracts';
import { enqueueMail } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { Prisma, HoursPackage } from '../../generated/prisma/client.js';
import { LOGGER } from '../../infra/logger.js';
import { decimalHours, fromTenths, toTenths } from '../shared/hours.js';
import { disputeEmail, hoursText, overdrawnAlertEmail, type PackageAfter, refundEmail } from './adjustment-emails.js';

type Tx = Prisma.TransactionClient;

/** First key of the advisory lock that serialises a payment's credit with its refunds and disputes. */
const PAYMENT_LOCK_NAMESPACE = 16_016;

const disputeReasons: Record<DisputeStatus, (holdLifted: boolean) => string> = {
  open: () => 'Payment disputed: package on hold',
  won: (holdLifted) => (holdLifted ? 'Dispute won: hold lifted' : 'Dispute won'),
  lost: () => 'Dispute lost: the payment was taken back',
};

/**
 * Hours follow the money (issue 16): refunds take hours back in proportion, an open dispute puts the
 * package on hold. Both effects run in the event consumer's transaction (its inbox row commits with
 * them) and are safe under duplicates and in any order:
 * - a refund event carries the running total refunded, and only a total larger than the one applied
 *   (or a first full refund) changes anything, so an older, smaller event is a no-op;
 * - a dispute's status only moves forward (open → won | lost), so a late "open" is ignored;
 * - an event for a payment whose package does not exist yet (payment_succeeded is consumed by another
 *   consumer, unordered with these) is kept in pending_payment_events and applied by the credit.
 */
@Injectable()
export class PaymentAdjustmentsService {
  constructor(
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Held until the transaction ends: the credit and a refund or dispute of the same payment never run
   * at once, so an event cannot be kept pending after the credit looked for pending events.
   */
  async lockPayment(tx: Tx, paymentId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PAYMENT_LOCK_NAMESPACE}::int, hashtext(${paymentId}))`;
  }

  /** payments.payment_refunded.v1 */
  async onRefunded(tx: Tx, event: PaymentRefundedV1): Promise<void> {
    const locked = await this.lockPackageOfPayment(tx, event.paymentId);
    if (!locked) return this.keepPending(tx, EventTypes.paymentRefunded, event);
    await this.applyRefund(tx, locked, event);
  }

  /** payments.payment_disputed.v1 */
  async onDisputed(tx: Tx, event: PaymentDisputedV1): Promise<void> {
    const locked = await this.lockPackageOfPayment(tx, event.paymentId);
    if (!locked) return this.keepPending(tx, EventTypes.paymentDisputed, event);
    await this.applyDispute(tx, locked, event);
  }

  /** Called by the credit, under lockPayment, with the package it just created. */
  async applyPending(tx: Tx, created: HoursPackage): Promise<HoursPackage> {
    if (!created.paymentId) return created;
    const pending = await tx.pendingPaymentEvent.findMany({
      where: { paymentId: created.paymentId },
      orderBy: { id: 'asc' },
    });
    let current = created;
    // Parsed again: the rows were written from parsed events, but a row is data at rest.
    for (const row of pending) {
      current =
        row.type === EventTypes.paymentRefunded
          ? await this.applyRefund(tx, current, PaymentRefundedV1Schema.parse(row.data))
          : await this.applyDispute(tx, current, PaymentDisputedV1Schema.parse(row.data));
    }
    if (pending.length) await tx.pendingPaymentEvent.deleteMany({ where: { paymentId: created.paymentId } });
    return current;
  }

  private async lockPackageOfPayment(tx: Tx, paymentId: string): Promise<HoursPackage | null> {
    await this.lockPayment(tx, paymentId);
    const found = await tx.hoursPackage.findUnique({ where: { paymentId }, select: { id: true } });
    if (!found) return null;
    // The row lock every change of a package's hours takes (a tutor logging a session, an admin).
    await tx.$queryRaw`SELECT id FROM user_sessions WHERE id = ${found.id} FOR UPDATE`;
    return tx.hoursPackage.findUnique({ where: { id: found.id } });
  }

  private async keepPending(tx: Tx, type: string, data: PaymentRefundedV1 | PaymentDisputedV1): Promise<void> {
    await tx.pendingPaymentEvent.create({ data: { paymentId: data.paymentId, type, data } });
    this.logger.info({ paymentId: data.paymentId, type }, 'payment event before its package: kept until the credit');
  }

  /**
   * The hours to take back are those of the largest refund seen (hoursToTakeBack); what is newly
   * claimed leaves the total, except what was already used: that part is the package's overdraft.
   */
  private async applyRefund(tx: Tx, locked: HoursPackage, event: PaymentRefundedV1): Promise<HoursPackage> {
    const refundedAmount = Math.max(locked.refundedAmount, event.refundedAmount);
    const takenBefore = toTenths(decimalHours(locked.hoursTakenBack));
    const target = Math.max(
      takenBefore,
      toTenths(hoursToTakeBack(decimalHours(locked.originalHours), event.amount, refundedAmount, event.fullyRefunded)),
    );
    if (refundedAmount === locked.refundedAmount && target === takenBefore) return locked;

    const total = toTenths(decimalHours(locked.totalHours));
    const used = toTenths(decimalHours(locked.usedHours));
    const claimed = target - takenBefore;
    const take = Math.min(claimed, total - used);
    const overdrawn = claimed - take;
    const updated = await tx.hoursPackage.update({
      where: { id: locked.id },
      data: {
        totalHours: fromTenths(total - take),
        hoursTakenBack: fromTenths(target),
        refundedAmount,
        overdrawnHours: fromTenths(toTenths(decimalHours(locked.overdrawnHours)) + overdrawn),
      },
    });
    const formatted = `${formatMinor(refundedAmount, event.currency)} of ${formatMinor(event.amount, event.currency)}`;
    const reason = [
      `Refund of ${formatted}: ${take > 0 ? `${hoursText(fromTenths(take))} taken back` : 'no further hours taken back'}`,
      event.reason ? ` (${event.reason})` : '',
      overdrawn > 0
        ? `. ${hoursText(fromTenths(overdrawn))} had already been used: the package is overdrawn by ${hoursText(decimalHours(updated.overdrawnHours))}`
        : '',
    ].join('');
    await this.writeLedger(tx, updated, 'refund', -take, reason);

    const after = packageAfter(updated);
    if (event.buyerEmail) await enqueueMail(tx, refundEmail(event.buyerEmail, event, fromTenths(take), after));
    if (overdrawn > 0) {
      const details = {
        packageId: updated.id,
        event,
        originalHours: decimalHours(updated.originalHours),
        usedHours: after.usedHours,
        totalHours: after.totalHours,
        overdrawnHours: after.overdrawnHours,
      };
      await enqueueMail(tx, overdrawnAlertEmail(this.config.teamAlertEmail, details));
      // An error, so the alerting on error logs sees it too: money went back for hours already given.
      this.logger.error(
        {
          packageId: updated.id,
          paymentId: event.paymentId,
          userId: event.userId,
          overdrawnHours: after.overdrawnHours,
        },
        'package overdrawn after a refund: hours already used could not be taken back',
      );
    }
    return updated;
  }

  /** Records the dispute's new status (forward only) and holds the package while any dispute is open. */
  private async applyDispute(tx: Tx, locked: HoursPackage, event: PaymentDisputedV1): Promise<HoursPackage> {
    const existing = await tx.packageDispute.findUnique({ where: { disputeId: event.disputeId } });
    if (existing && disputeStatusRank(event.status) <= disputeStatusRank(existing.status as DisputeStatus)) {
      return locked;
    }
    await tx.packageDispute.upsert({
      where: { disputeId: event.disputeId },
      create: { disputeId: event.disputeId, packageId: locked.id, status: event.status },
      update: { status: event.status },
    });
    const open = await tx.packageDispute.count({ where: { packageId: locked.id, status: 'open' } });
    const updated = await tx.hoursPackage.update({
      where: { id: locked.id },
      data: { frozenReason: open > 0 ? PackageHoldMessages.frozenByDispute : null },
    });
    const holdLifted = locked.frozenReason !== null && updated.frozenReason === null;
    await this.writeLedger(tx, updated, 'dispute', 0, disputeReasons[event.status](holdLifted));
    if (event.buyerEmail) {
      await enqueueMail(
        tx,
        disputeEmail(event.buyerEmail, event, { ...packageAfter(updated), frozen: updated.frozenReason !== null }),
      );
    }
    return updated;
  }

  private async writeLedger(
    tx: Tx,
    after: HoursPackage,
    kind: LedgerEntryKind,
    totalDeltaTenths: number,
    reason: string,
  ): Promise<void> {
    await tx.hoursLedgerEntry.create({
      data: {
        sessionId: after.id,
        kind,
        delta: 0,
        usedHoursAfter: after.usedHours,
        // `|| 0`: no -0 in the ledger when nothing was taken.
        totalDelta: fromTenths(totalDeltaTenths) || 0,
        totalHoursAfter: after.totalHours,
        reason,
        actorUserId: null,
        actorRole: 'system',
        actorName: null,
      },
    });
  }
}

const packageAfter = (row: HoursPackage): PackageAfter => ({
  packageName: row.packageName,
  subject: row.subject,
  totalHours: decimalHours(row.totalHours),
  usedHours: decimalHours(row.usedHours),
  overdrawnHours: decimalHours(row.overdrawnHours),
});

import { Inject, Injectable } from '@nestjs/common';
import {
  type DisputeStatus,
  disputeStatusRank,
  EventTypes,
  formatMinor,
  hoursToTakeBack,
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
import { PackagesRepository } from './packages.repository.js';
import { PaymentAdjustmentsRepository } from './payment-adjustments.repository.js';
import { disputeEmail, hoursText, overdrawnAlertEmail, type PackageAfter, refundEmail } from './adjustment-emails.js';

type Tx = Prisma.TransactionClient;

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
    private readonly adjustments: PaymentAdjustmentsRepository,
    private readonly packages: PackagesRepository,
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Held until the transaction ends: the credit and a refund or dispute of the same payment never run
   * at once, so an event cannot be kept pending after the credit looked for pending events.
   */
  lockPayment(tx: Tx, paymentId: string): Promise<void> {
    return this.adjustments.lockPayment(tx, paymentId);
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
    const pending = await this.adjustments.pendingOf(tx, created.paymentId);
    let current = created;
    // Parsed again: the rows were written from parsed events, but a row is data at rest.
    for (const row of pending) {
      current =
        row.type === EventTypes.paymentRefunded
          ? await this.applyRefund(tx, current, PaymentRefundedV1Schema.parse(row.data))
          : await this.applyDispute(tx, current, PaymentDisputedV1Schema.parse(row.data));
    }
    if (pending.length) await this.adjustments.forgetPending(tx, created.paymentId);
    return current;
  }

  private async lockPackageOfPayment(tx: Tx, paymentId: string): Promise<HoursPackage | null> {
    await this.adjustments.lockPayment(tx, paymentId);
    const packageId = await this.adjustments.packageIdOfPayment(tx, paymentId);
    // The row lock every change of a package's hours takes (a tutor logging a session, an admin).
    return packageId === null ? null : this.packages.lockPackage(tx, packageId);
  }

  private async keepPending(tx: Tx, type: string, data: PaymentRefundedV1 | PaymentDisputedV1): Promise<void> {
    await this.adjustments.keepPending(tx, type, data);
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
    const updated = await this.adjustments.updatePackage(tx, locked.id, {
      totalHours: fromTenths(total - take),
      hoursTakenBack: fromTenths(target),
      refundedAmount,
      overdrawnHours: fromTenths(toTenths(decimalHours(locked.overdrawnHours)) + overdrawn),
    });
    const formatted = `${formatMinor(refundedAmount, event.currency)} of ${formatMinor(event.amount, event.currency)}`;
    const reason = [
      `Refund of ${formatted}: ${take > 0 ? `${hoursText(fromTenths(take))} taken back` : 'no further hours taken back'}`,
      event.reason ? ` (${event.reason})` : '',
      overdrawn > 0
        ? `. ${hoursText(fromTenths(overdrawn))} had already been used: the package is overdrawn by ${hoursText(decimalHours(updated.overdrawnHours))}`
        : '',
    ].join('');
    await this.adjustments.writeLedger(tx, updated, 'refund', -take, reason);

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
    const existing = await this.adjustments.findDispute(tx, event.disputeId);
    if (existing && disputeStatusRank(event.status) <= disputeStatusRank(existing.status as DisputeStatus)) {
      return locked;
    }
    const open = await this.adjustments.saveDispute(tx, locked.id, event.disputeId, event.status);
    const updated = await this.adjustments.updatePackage(tx, locked.id, {
      frozenReason: open > 0 ? PackageHoldMessages.frozenByDispute : null,
    });
    const holdLifted = locked.frozenReason !== null && updated.frozenReason === null;
    await this.adjustments.writeLedger(tx, updated, 'dispute', 0, disputeReasons[event.status](holdLifted));
    if (event.buyerEmail) {
      await enqueueMail(
        tx,
        disputeEmail(event.buyerEmail, event, { ...packageAfter(updated), frozen: updated.frozenReason !== null }),
      );
    }
    return updated;
  }
}

const packageAfter = (row: HoursPackage): PackageAfter => ({
  packageName: row.packageName,
  subject: row.subject,
  totalHours: decimalHours(row.totalHours),
  usedHours: decimalHours(row.usedHours),
  overdrawnHours: decimalHours(row.overdrawnHours),
});

import { Inject, Injectable } from '@nestjs/common';
import {
  EventTypes,
  type PaymentDisputedV1,
  PaymentDisputedV1Schema,
  type PaymentRefundedV1,
  PaymentRefundedV1Schema,
} from '@medtutor/contracts';
import type { Logger } from 'pino';
import type { Prisma, HoursPackage } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { PackageDisputesService } from './package-disputes.service.js';
import { PackageRefundsService } from './package-refunds.service.js';
import { PackagesRepository } from './packages.repository.js';
import { PaymentAdjustmentsRepository } from './payment-adjustments.repository.js';

type Tx = Prisma.TransactionClient;

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
    private readonly refunds: PackageRefundsService,
    private readonly disputes: PackageDisputesService,
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
    await this.refunds.apply(tx, locked, event);
  }

  /** payments.payment_disputed.v1 */
  async onDisputed(tx: Tx, event: PaymentDisputedV1): Promise<void> {
    const locked = await this.lockPackageOfPayment(tx, event.paymentId);
    if (!locked) return this.keepPending(tx, EventTypes.paymentDisputed, event);
    await this.disputes.apply(tx, locked, event);
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
          ? await this.refunds.apply(tx, current, PaymentRefundedV1Schema.parse(row.data))
          : await this.disputes.apply(tx, current, PaymentDisputedV1Schema.parse(row.data));
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
}

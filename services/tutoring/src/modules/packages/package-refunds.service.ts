import { Inject, Injectable } from '@nestjs/common';
import { formatMinor, hoursToTakeBack, type PaymentRefundedV1 } from '@medtutor/contracts';
import { enqueueMail } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { HoursPackage, Prisma } from '../../generated/prisma/client.js';
import { LOGGER } from '../../infra/logger.js';
import { decimalHours, fromTenths, toTenths } from '../shared/hours.js';
import { hoursText, overdrawnAlertEmail, packageAfter, refundEmail } from './adjustment-emails.js';
import { PaymentAdjustmentsRepository } from './payment-adjustments.repository.js';

type Tx = Prisma.TransactionClient;

/** A refund of the payment takes hours back from its package, in proportion to the money. */
@Injectable()
export class PackageRefundsService {
  constructor(
    private readonly adjustments: PaymentAdjustmentsRepository,
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The hours to take back are those of the largest refund seen (hoursToTakeBack); what is newly
   * claimed leaves the total, except what was already used: that part is the package's overdraft.
   */
  async apply(tx: Tx, locked: HoursPackage, event: PaymentRefundedV1): Promise<HoursPackage> {
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
}

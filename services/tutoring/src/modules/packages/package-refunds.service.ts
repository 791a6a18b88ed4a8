import { Inject, Injectable } from '@nestjs/common';
import { formatMinor, type PaymentRefundedV1 } from '@medtutor/contracts';
import { enqueueMail } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { HoursPackage, Prisma } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { decimalHours, toTenths } from '../shared/hours.js';
import { hoursText, overdrawnAlertEmail, packageAfter, refundEmail } from './adjustment-emails.js';
import { applyRefund } from './package-hours.rules.js';
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

  /** Applies the refund's rule (applyRefund) to the locked package: its row, ledger line, emails and alert. */
  async apply(tx: Tx, locked: HoursPackage, event: PaymentRefundedV1): Promise<HoursPackage> {
    const effect = applyRefund(
      {
        originalHours: decimalHours(locked.originalHours),
        totalHours: decimalHours(locked.totalHours),
        usedHours: decimalHours(locked.usedHours),
        hoursTakenBack: decimalHours(locked.hoursTakenBack),
        overdrawnHours: decimalHours(locked.overdrawnHours),
        refundedAmount: locked.refundedAmount,
      },
      event,
    );
    if (!effect) return locked;
    const { takenHours: taken, overdrawnNow: overdrawn } = effect;
    const { totalHours, hoursTakenBack, refundedAmount, overdrawnHours } = effect.after;
    const updated = await this.adjustments.updatePackage(tx, locked.id, {
      totalHours,
      hoursTakenBack,
      refundedAmount,
      overdrawnHours,
    });
    const formatted = `${formatMinor(refundedAmount, event.currency)} of ${formatMinor(event.amount, event.currency)}`;
    const reason = [
      `Refund of ${formatted}: ${taken > 0 ? `${hoursText(taken)} taken back` : 'no further hours taken back'}`,
      event.reason ? ` (${event.reason})` : '',
      overdrawn > 0
        ? `. ${hoursText(overdrawn)} had already been used: the package is overdrawn by ${hoursText(decimalHours(updated.overdrawnHours))}`
        : '',
    ].join('');
    await this.adjustments.writeLedger(tx, updated, 'refund', -toTenths(taken), reason);

    const after = packageAfter(updated);
    if (event.buyerEmail) await enqueueMail(tx, refundEmail(event.buyerEmail, event, taken, after));
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

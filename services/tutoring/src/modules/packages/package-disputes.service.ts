import { Injectable } from '@nestjs/common';
import type { DisputeStatus, PaymentDisputedV1 } from '@medtutor/contracts';
import { enqueueMail } from '@medtutor/nest-kit';
import type { HoursPackage, Prisma } from '../../generated/prisma/client.js';
import { disputeEmail, packageAfter } from './adjustment-emails.js';
import { disputeMovesOn, disputeReason, holdFor } from './package-hours.rules.js';
import { PaymentAdjustmentsRepository } from './payment-adjustments.repository.js';

type Tx = Prisma.TransactionClient;

/** An open dispute of the payment holds its package; the hold lifts once none is open. */
@Injectable()
export class PackageDisputesService {
  constructor(private readonly adjustments: PaymentAdjustmentsRepository) {}

  /** Records the dispute's new status (forward only) and holds the package while any dispute is open. */
  async apply(tx: Tx, locked: HoursPackage, event: PaymentDisputedV1): Promise<HoursPackage> {
    const existing = await this.adjustments.findDispute(tx, event.disputeId);
    if (!disputeMovesOn(existing ? (existing.status as DisputeStatus) : null, event.status)) return locked;
    const open = await this.adjustments.saveDispute(tx, locked.id, event.disputeId, event.status);
    const updated = await this.adjustments.updatePackage(tx, locked.id, { frozenReason: holdFor(open) });
    const reason = disputeReason(event.status, locked.frozenReason, updated.frozenReason);
    await this.adjustments.writeLedger(tx, updated, 'dispute', 0, reason);
    if (event.buyerEmail) {
      await enqueueMail(
        tx,
        disputeEmail(event.buyerEmail, event, { ...packageAfter(updated), frozen: updated.frozenReason !== null }),
      );
    }
    return updated;
  }
}

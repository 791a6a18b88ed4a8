import { Injectable } from '@nestjs/common';
import type { DisputeStatus, LedgerEntryKind, PaymentDisputedV1, PaymentRefundedV1 } from '@medtutor/contracts';
import type { HoursPackage, PackageDispute, PendingPaymentEvent, Prisma } from '../../generated/prisma/client.js';
import { fromTenths } from '../shared/hours.js';

type Tx = Prisma.TransactionClient;

/** First key of the advisory lock that serialises a payment's credit with its refunds and disputes. */
const PAYMENT_LOCK_NAMESPACE = 16_016;

/**
 * The database side of refunds and disputes. Every method runs on the event consumer's transaction,
 * so its effects commit with the inbox row.
 */
@Injectable()
export class PaymentAdjustmentsRepository {
  /** Held until the transaction ends. */
  async lockPayment(tx: Tx, paymentId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PAYMENT_LOCK_NAMESPACE}::int, hashtext(${paymentId}))`;
  }

  async packageIdOfPayment(tx: Tx, paymentId: string): Promise<number | null> {
    const found = await tx.hoursPackage.findUnique({ where: { paymentId }, select: { id: true } });
    return found?.id ?? null;
  }

  keepPending(tx: Tx, type: string, data: PaymentRefundedV1 | PaymentDisputedV1): Promise<PendingPaymentEvent> {
    return tx.pendingPaymentEvent.create({ data: { paymentId: data.paymentId, type, data } });
  }

  pendingOf(tx: Tx, paymentId: string): Promise<PendingPaymentEvent[]> {
    return tx.pendingPaymentEvent.findMany({ where: { paymentId }, orderBy: { id: 'asc' } });
  }

  async forgetPending(tx: Tx, paymentId: string): Promise<void> {
    await tx.pendingPaymentEvent.deleteMany({ where: { paymentId } });
  }

  updatePackage(tx: Tx, packageId: number, data: Prisma.HoursPackageUpdateInput): Promise<HoursPackage> {
    return tx.hoursPackage.update({ where: { id: packageId }, data });
  }

  findDispute(tx: Tx, disputeId: string): Promise<PackageDispute | null> {
    return tx.packageDispute.findUnique({ where: { disputeId } });
  }

  /** Records the dispute's status and answers how many disputes of the package are still open. */
  async saveDispute(tx: Tx, packageId: number, disputeId: string, status: DisputeStatus): Promise<number> {
    await tx.packageDispute.upsert({
      where: { disputeId },
      create: { disputeId, packageId, status },
      update: { status },
    });
    return tx.packageDispute.count({ where: { packageId, status: 'open' } });
  }

  /** A ledger entry of the system (no actor): hours leave the total, the used hours stay. */
  async writeLedger(
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

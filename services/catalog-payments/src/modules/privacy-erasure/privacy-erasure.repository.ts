import { Injectable } from '@nestjs/common';
import type { UserErasedV1 } from '@medtutor/contracts';
import type { Prisma } from '../../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

/**
 * catalog-payments' part of an erasure (issue 26), on the consumer's transaction. Payments, refunds
 * and disputes are accounting records, kept for six years after the tax year (UK law), so they stay
 * with their amounts, dates and the (now meaningless) user id, but without the buyer's name and
 * email; the copy of the consent state and emails still queued to the address are dropped.
 */
@Injectable()
export class PrivacyErasureRepository {
  async eraseUser(tx: Tx, erased: UserErasedV1): Promise<void> {
    await tx.payment.updateMany({
      where: { userId: erased.userId },
      data: { buyerEmail: null, buyerName: null },
    });
    await tx.studentConsent.deleteMany({ where: { userId: erased.userId } });
    await tx.$executeRaw`DELETE FROM outbound_emails WHERE lower(to_address) = ${erased.email.toLowerCase()}`;
  }
}

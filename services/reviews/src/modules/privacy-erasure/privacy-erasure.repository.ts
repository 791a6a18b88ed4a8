import { Injectable } from '@nestjs/common';
import type { UserErasedV1 } from '@medtutor/contracts';
import type { Prisma } from '../../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

/**
 * reviews' part of an erasure (issue 26), on the consumer's transaction: the person's testimonials
 * (submitted signed in, or as a visitor with the same address) and what reviews knows of their
 * purchases (the verified-purchase badge's basis) are deleted.
 */
@Injectable()
export class PrivacyErasureRepository {
  async eraseUser(tx: Tx, erased: UserErasedV1): Promise<void> {
    await tx.testimonial.deleteMany({
      where: { OR: [{ submittedBy: erased.userId }, { email: erased.email.trim().toLowerCase() }] },
    });
    await tx.purchaseDispute.deleteMany({ where: { purchase: { userId: erased.userId } } });
    await tx.purchase.deleteMany({ where: { userId: erased.userId } });
    await tx.paidUser.deleteMany({ where: { userId: erased.userId } });
  }
}

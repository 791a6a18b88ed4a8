import { Injectable } from '@nestjs/common';
import type { UserErasedV1 } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { Prisma } from '../../generated/prisma/client.js';
import { publishedTestimonialsChanged } from '../testimonials/published-testimonials-changed.event.js';

type Tx = Prisma.TransactionClient;

/**
 * reviews' part of an erasure (issue 26), on the consumer's transaction: the person's testimonials
 * (submitted signed in, or as a visitor with the same address) and what reviews knows of their
 * purchases (the verified-purchase badge's basis) are deleted.
 */
@Injectable()
export class PrivacyErasureRepository {
  /** True when published stories went, and the event saying so was written with them. */
  async eraseUser(tx: Tx, erased: UserErasedV1, correlationId: string | null): Promise<boolean> {
    // The delete answers the rows as it removed them: a story approved meanwhile counts as published.
    const deleted = await tx.$queryRaw<Array<{ id: number; is_approved: boolean }>>`
      DELETE FROM testimonials WHERE submitted_by = ${erased.userId} OR email = ${erased.email.trim().toLowerCase()}
      RETURNING id, is_approved`;
    await tx.purchaseDispute.deleteMany({ where: { purchase: { userId: erased.userId } } });
    await tx.purchase.deleteMany({ where: { userId: erased.userId } });
    await tx.paidUser.deleteMany({ where: { userId: erased.userId } });
    const published = deleted.filter((row) => row.is_approved).map((row) => row.id);
    if (!published.length) return false;
    await writeOutbox(tx, publishedTestimonialsChanged('erased', published, correlationId));
    return true;
  }
}

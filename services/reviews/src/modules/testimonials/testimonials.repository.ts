import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { Testimonial } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

export type NewTestimonial = Pick<Testimonial, 'name' | 'title' | 'content' | 'rating' | 'email' | 'submittedBy'>;

@Injectable()
export class TestimonialsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The story and its event commit together, or neither does. */
  createWithEvent(data: NewTestimonial, eventFor: (row: Testimonial) => EventEnvelope): Promise<Testimonial> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.testimonial.create({ data });
      await writeOutbox(tx, eventFor(row));
      return row;
    });
  }

  listApproved(): Promise<Testimonial[]> {
    return this.prisma.testimonial.findMany({
      where: { isApproved: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** Oldest first: the review queue is worked from the front. */
  listPending(): Promise<Testimonial[]> {
    return this.prisma.testimonial.findMany({
      where: { isApproved: false },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  findById(id: number): Promise<Testimonial | null> {
    return this.prisma.testimonial.findUnique({ where: { id } });
  }

  /**
   * Approves a pending story with its events in one transaction. Null when nothing was pending under
   * that id (unknown, or already approved): the conditional update lets one of two concurrent
   * approvals win, so the events are written once.
   */
  approveWithEvents(
    id: number,
    approvedBy: number,
    eventsFor: (row: Testimonial) => EventEnvelope[],
  ): Promise<Testimonial | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.testimonial.updateMany({
        where: { id, isApproved: false },
        data: { isApproved: true, approvedAt: new Date(), approvedBy },
      });
      if (count === 0) return null;
      const row = await tx.testimonial.findUniqueOrThrow({ where: { id } });
      for (const event of eventsFor(row)) await writeOutbox(tx, event);
      return row;
    });
  }

  /**
   * Deletes a story, and when it was published writes `eventIfPublished` in the same transaction. Null
   * when there was nothing to delete. The delete answers the row as it removed it, so an approval
   * committing meanwhile is seen (the delete waits for its lock) and the event is not missed.
   */
  deleteWithEvent(id: number, eventIfPublished: () => EventEnvelope): Promise<{ wasPublished: boolean } | null> {
    return this.prisma.$transaction(async (tx) => {
      const [deleted] = await tx.$queryRaw<Array<{ is_approved: boolean }>>`
        DELETE FROM testimonials WHERE id = ${id} RETURNING is_approved`;
      if (!deleted) return null;
      if (deleted.is_approved) await writeOutbox(tx, eventIfPublished());
      return { wasPublished: deleted.is_approved };
    });
  }
}

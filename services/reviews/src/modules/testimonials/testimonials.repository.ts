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
   * Approves a pending story with its event in one transaction. Null when nothing was pending under
   * that id (unknown, or already approved): the conditional update lets one of two concurrent
   * approvals win, so the event is written once.
   */
  approveWithEvent(
    id: number,
    approvedBy: number,
    eventFor: (row: Testimonial) => EventEnvelope,
  ): Promise<Testimonial | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.testimonial.updateMany({
        where: { id, isApproved: false },
        data: { isApproved: true, approvedAt: new Date(), approvedBy },
      });
      if (count === 0) return null;
      const row = await tx.testimonial.findUniqueOrThrow({ where: { id } });
      await writeOutbox(tx, eventFor(row));
      return row;
    });
  }

  /** False when there was nothing to delete. */
  async delete(id: number): Promise<boolean> {
    const { count } = await this.prisma.testimonial.deleteMany({ where: { id } });
    return count === 1;
  }
}

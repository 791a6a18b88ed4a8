import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type DeleteTestimonialReply,
  EventTypes,
  type PendingTestimonialDto,
  type PublicTestimonialDto,
  type RpcMeta,
  type SubmitTestimonialData,
  type SubmitTestimonialReply,
  type TestimonialApprovedV1,
  type TestimonialSubmittedV1,
} from '@medtutor/contracts';
import { newEvent, OutboxRelay, requireRole } from '@medtutor/nest-kit';
import type { Testimonial } from '../../generated/prisma/client.js';
import { VerifiedPurchasesService } from '../verified-purchases/verified-purchases.service.js';
import { publishedTestimonialsChanged } from './published-testimonials-changed.event.js';
import { toPendingTestimonialDto, toPublicTestimonialDto } from './testimonial.mapping.js';
import { testimonialNotFound } from './testimonials.errors.js';
import { TestimonialsRepository } from './testimonials.repository.js';

/** Identity's normalisation: case and surrounding spaces never matter in an email. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

const isVerified = (row: Pick<Testimonial, 'submittedBy'>, paid: Set<number>): boolean =>
  row.submittedBy !== null && paid.has(row.submittedBy);

@Injectable()
export class TestimonialsService {
  constructor(
    private readonly testimonials: TestimonialsRepository,
    private readonly verified: VerifiedPurchasesService,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Anyone may submit; the story waits for an admin. Only a signed-in student is recorded as its
   * submitter, the one basis of the verified-purchase badge: the typed email proves nothing, and
   * staff's own test purchases verify nothing.
   */
  async submit(
    body: SubmitTestimonialData,
    actor: Actor | null,
    correlationId: RpcMeta['correlationId'],
  ): Promise<SubmitTestimonialReply> {
    const submittedBy = actor?.role === 'student' ? actor.userId : null;
    const row = await this.testimonials.createWithEvent(
      { ...body, email: emailKey(body.email), submittedBy },
      (created) =>
        newEvent<TestimonialSubmittedV1>(
          EventTypes.testimonialSubmitted,
          1,
          { testimonialId: created.id, rating: created.rating },
          correlationId,
        ),
    );
    this.relay.nudge();
    return { id: row.id };
  }

  async listApproved(): Promise<PublicTestimonialDto[]> {
    const rows = await this.testimonials.listApproved();
    const paid = await this.verified.paidSubmitters(rows.map((row) => row.submittedBy));
    return rows.map((row) => toPublicTestimonialDto(row, isVerified(row, paid)));
  }

  async listPending(actor: Actor | null): Promise<PendingTestimonialDto[]> {
    requireRole(actor, 'admin');
    const rows = await this.testimonials.listPending();
    const paid = await this.verified.paidSubmitters(rows.map((row) => row.submittedBy));
    return rows.map((row) => toPendingTestimonialDto(row, isVerified(row, paid)));
  }

  /** Approving an approved story changes nothing and answers it again (a double click, a retry). */
  async approve(
    id: number,
    actor: Actor | null,
    correlationId: RpcMeta['correlationId'],
  ): Promise<PendingTestimonialDto> {
    const admin = requireRole(actor, 'admin');
    const approved = await this.testimonials.approveWithEvents(id, admin.userId, (row) => [
      newEvent<TestimonialApprovedV1>(
        EventTypes.testimonialApproved,
        1,
        { testimonialId: row.id, approvedBy: admin.userId },
        correlationId,
      ),
      publishedTestimonialsChanged('approved', [row.id], correlationId),
    ]);
    if (approved) this.relay.nudge();
    const row = approved ?? (await this.testimonials.findById(id));
    if (!row) throw testimonialNotFound();
    const paid = await this.verified.paidSubmitters([row.submittedBy]);
    return toPendingTestimonialDto(row, isVerified(row, paid));
  }

  /** Deleting a pending story changes nothing public, so only a published one is announced. */
  async delete(
    id: number,
    actor: Actor | null,
    correlationId: RpcMeta['correlationId'],
  ): Promise<DeleteTestimonialReply> {
    requireRole(actor, 'admin');
    const deleted = await this.testimonials.deleteWithEvent(id, () =>
      publishedTestimonialsChanged('deleted', [id], correlationId),
    );
    if (!deleted) throw testimonialNotFound();
    if (deleted.wasPublished) this.relay.nudge();
    return { deleted: true };
  }
}

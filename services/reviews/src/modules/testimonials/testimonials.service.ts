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
import { newEvent, OutboxRelay } from '@medtutor/nest-kit';
import { emailKey, VerifiedPurchasesService } from '../verified-purchases/verified-purchases.service.js';
import { toPendingTestimonialDto, toPublicTestimonialDto } from './testimonial.mapping.js';
import { forbidden, testimonialNotFound, unauthenticated } from './testimonials.errors.js';
import { TestimonialsRepository } from './testimonials.repository.js';

/** The gateway checks the role too; the service never relies on it. */
const requireAdmin = (actor: Actor | null): Actor => {
  if (!actor) throw unauthenticated();
  if (actor.role !== 'admin') throw forbidden();
  return actor;
};

@Injectable()
export class TestimonialsService {
  constructor(
    private readonly testimonials: TestimonialsRepository,
    private readonly verified: VerifiedPurchasesService,
    private readonly relay: OutboxRelay,
  ) {}

  /** Anyone may submit; the story waits for an admin. */
  async submit(body: SubmitTestimonialData, correlationId: RpcMeta['correlationId']): Promise<SubmitTestimonialReply> {
    const row = await this.testimonials.createWithEvent({ ...body, email: emailKey(body.email) }, (created) =>
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
    const verified = await this.verified.verifiedEmails(rows.map((row) => row.email));
    return rows.map((row) => toPublicTestimonialDto(row, verified.has(row.email)));
  }

  async listPending(actor: Actor | null): Promise<PendingTestimonialDto[]> {
    requireAdmin(actor);
    const rows = await this.testimonials.listPending();
    const verified = await this.verified.verifiedEmails(rows.map((row) => row.email));
    return rows.map((row) => toPendingTestimonialDto(row, verified.has(row.email)));
  }

  /** Approving an approved story changes nothing and answers it again (a double click, a retry). */
  async approve(
    id: number,
    actor: Actor | null,
    correlationId: RpcMeta['correlationId'],
  ): Promise<PendingTestimonialDto> {
    const admin = requireAdmin(actor);
    const approved = await this.testimonials.approveWithEvent(id, admin.userId, (row) =>
      newEvent<TestimonialApprovedV1>(
        EventTypes.testimonialApproved,
        1,
        { testimonialId: row.id, approvedBy: admin.userId },
        correlationId,
      ),
    );
    if (approved) this.relay.nudge();
    const row = approved ?? (await this.testimonials.findById(id));
    if (!row) throw testimonialNotFound();
    const verified = await this.verified.verifiedEmails([row.email]);
    return toPendingTestimonialDto(row, verified.has(row.email));
  }

  async delete(id: number, actor: Actor | null): Promise<DeleteTestimonialReply> {
    requireAdmin(actor);
    if (!(await this.testimonials.delete(id))) throw testimonialNotFound();
    return { deleted: true };
  }
}

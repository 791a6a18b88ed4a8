import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type DeleteTestimonialReply,
  type PendingTestimonialDto,
  type PublicTestimonialDto,
  Subjects,
  SubmitTestimonialBodySchema,
  type SubmitTestimonialReply,
  TestimonialIdRequestSchema,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { TestimonialsService } from './testimonials.service.js';

const NoData = z.unknown();

@Controller()
export class TestimonialsRpcController {
  constructor(private readonly testimonials: TestimonialsService) {}

  @MessagePattern(Subjects.reviews.submitTestimonial)
  submit(@Payload() payload: unknown): Promise<SubmitTestimonialReply> {
    const { meta, data } = parseRequest(SubmitTestimonialBodySchema, payload);
    return this.testimonials.submit(data, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.reviews.listApprovedTestimonials)
  listApproved(@Payload() payload: unknown): Promise<PublicTestimonialDto[]> {
    parseRequest(NoData, payload);
    return this.testimonials.listApproved();
  }

  @MessagePattern(Subjects.reviews.listPendingTestimonials)
  listPending(@Payload() payload: unknown): Promise<PendingTestimonialDto[]> {
    const { meta } = parseRequest(NoData, payload);
    return this.testimonials.listPending(meta.actor);
  }

  @MessagePattern(Subjects.reviews.approveTestimonial)
  approve(@Payload() payload: unknown): Promise<PendingTestimonialDto> {
    const { meta, data } = parseRequest(TestimonialIdRequestSchema, payload);
    return this.testimonials.approve(data.id, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.reviews.deleteTestimonial)
  delete(@Payload() payload: unknown): Promise<DeleteTestimonialReply> {
    const { meta, data } = parseRequest(TestimonialIdRequestSchema, payload);
    return this.testimonials.delete(data.id, meta.actor, meta.correlationId);
  }
}

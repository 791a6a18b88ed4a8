import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, type MicroserviceOptions, NatsContext, Payload, Transport } from '@nestjs/microservices';
import {
  type DeleteTestimonialReply,
  ErrorCodes,
  type PendingTestimonialDto,
  type PublicTestimonialDto,
  publicTestimonialName,
  ReviewsMessages,
  type RpcMeta,
  ServerMessages,
  Subjects,
  SubmitTestimonialBodySchema,
  type SubmitTestimonialReply,
  TestimonialIdRequestSchema,
} from '@medtutor/contracts';
import { DomainError, parseRequest, RpcErrorFilter } from '@medtutor/nest-kit';
import { testActorGuard } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { z } from 'zod';
import type { ReceivedRequest } from './fake-services.js';

const FAKE = Symbol('FAKE_REVIEWS');

/** The reviews service's subjects, in memory, with its contract checks: enough to test the gateway's routes. */
export class FakeReviews {
  readonly received: ReceivedRequest[] = [];
  private readonly stories = new Map<number, PendingTestimonialDto>();
  private nextId = 1;

  lastRequest(subject: string): ReceivedRequest | undefined {
    return this.received.findLast((request) => request.subject === subject);
  }

  submit(payload: unknown): SubmitTestimonialReply {
    const { data } = parseRequest(SubmitTestimonialBodySchema, payload);
    const id = this.nextId++;
    this.stories.set(id, {
      ...data,
      id,
      email: data.email.toLowerCase(),
      isApproved: false,
      verifiedPurchase: false,
      createdAt: new Date().toISOString(),
    });
    return { id };
  }

  listApproved(payload: unknown): PublicTestimonialDto[] {
    parseRequest(z.unknown(), payload);
    return [...this.stories.values()]
      .filter((story) => story.isApproved)
      .map(({ id, name, title, content, rating, verifiedPurchase }) => ({
        id,
        name: publicTestimonialName(name),
        title,
        content,
        rating,
        verifiedPurchase,
      }));
  }

  listPending(payload: unknown): PendingTestimonialDto[] {
    requireAdmin(parseRequest(z.unknown(), payload).meta);
    return [...this.stories.values()].filter((story) => !story.isApproved);
  }

  approve(payload: unknown): PendingTestimonialDto {
    const { meta, data } = parseRequest(TestimonialIdRequestSchema, payload);
    requireAdmin(meta);
    const story = this.stories.get(data.id);
    if (!story) throw new DomainError(ErrorCodes.notFound, ReviewsMessages.testimonialNotFound);
    story.isApproved = true;
    return story;
  }

  delete(payload: unknown): DeleteTestimonialReply {
    const { meta, data } = parseRequest(TestimonialIdRequestSchema, payload);
    requireAdmin(meta);
    if (!this.stories.delete(data.id)) throw new DomainError(ErrorCodes.notFound, ReviewsMessages.testimonialNotFound);
    return { deleted: true };
  }
}

function requireAdmin(meta: RpcMeta): void {
  if (!meta.actor) throw new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
  if (meta.actor.role !== 'admin') throw new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
}

@Controller()
class FakeReviewsController {
  constructor(@Inject(FAKE) private readonly fake: FakeReviews) {}

  @MessagePattern(Subjects.reviews.submitTestimonial)
  submit(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.submit(payload));
  }

  @MessagePattern(Subjects.reviews.listApprovedTestimonials)
  listApproved(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.listApproved(payload));
  }

  @MessagePattern(Subjects.reviews.listPendingTestimonials)
  listPending(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.listPending(payload));
  }

  @MessagePattern(Subjects.reviews.approveTestimonial)
  approve(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.approve(payload));
  }

  @MessagePattern(Subjects.reviews.deleteTestimonial)
  delete(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.delete(payload));
  }

  private answer<T>(ctx: NatsContext, payload: unknown, handle: () => T): T {
    const { meta, data } = payload as { meta: RpcMeta; data: unknown };
    this.fake.received.push({ subject: ctx.getSubject(), meta, data });
    return handle();
  }
}

@Module({})
class FakeReviewsModule {
  static with(fake: FakeReviews): DynamicModule {
    return {
      module: FakeReviewsModule,
      controllers: [FakeReviewsController],
      providers: [{ provide: FAKE, useValue: fake }],
    };
  }
}

/** Starts the fake next to the test gateway's other fakes, on the same NATS. */
export async function startFakeReviews(natsUrl: string): Promise<{ fake: FakeReviews; stop: () => Promise<void> }> {
  const fake = new FakeReviews();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(FakeReviewsModule.with(fake), {
    transport: Transport.NATS,
    options: { servers: [natsUrl], queue: 'fake-reviews' },
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
  app.useGlobalGuards(testActorGuard());
  await app.listen();
  return { fake, stop: () => app.close() };
}

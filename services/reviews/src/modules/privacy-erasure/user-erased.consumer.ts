import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, UserErasedV1Schema } from '@medtutor/contracts';
import { EventConsumers, OutboxRelay } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

/** Durable name, inbox key and dead-letter suffix of reviews' part of an erasure. */
export const REVIEWS_USER_ERASED_CONSUMER = PlatformConsumers.reviewsUserErased.durable;

/** identity erased a student's account (issue 26): their testimonials and purchase records go, once. */
@Injectable()
export class UserErasedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly erasure: PrivacyErasureRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.reviewsUserErased,
      schema: UserErasedV1Schema,
      db: this.prisma,
      handle: (tx, erased, envelope) => this.erasure.eraseUser(tx, erased, envelope.correlationId),
      afterCommit: (announced) => {
        if (announced) this.relay.nudge();
      },
    });
  }
}

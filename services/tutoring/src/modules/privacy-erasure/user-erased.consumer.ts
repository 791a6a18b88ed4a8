import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, UserErasedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { Clock } from '../../infra/clock.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

/** Durable name, inbox key and dead-letter suffix of tutoring's part of an erasure. */
export const TUTORING_USER_ERASED_CONSUMER = PlatformConsumers.tutoringUserErased.durable;

/** identity erased a student's account (issue 26): tutoring erases or anonymises its copies, once. */
@Injectable()
export class UserErasedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly erasure: PrivacyErasureRepository,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringUserErased,
      schema: UserErasedV1Schema,
      db: this.prisma,
      // Tutors' cancellations are queued on `tx`; the mail relay's next poll sends them.
      handle: (tx, erased) => this.erasure.eraseUser(tx, erased, this.clock.now()),
    });
  }
}

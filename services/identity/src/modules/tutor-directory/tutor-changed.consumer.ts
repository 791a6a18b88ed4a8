import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, TutorChangedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorDirectoryRepository } from './tutor-directory.repository.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that keeps identity's tutor directory. */
export const TUTOR_CHANGED_CONSUMER = PlatformConsumers.identityTutorChanged.durable;

/** tutoring created, edited, deactivated or linked a directory entry (or announced it at start). */
@Injectable()
export class TutorChangedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly directory: TutorDirectoryRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.identityTutorChanged,
      schema: TutorChangedV1Schema,
      db: this.prisma,
      handle: (tx, entry) => this.directory.record(tx, entry),
    });
  }
}

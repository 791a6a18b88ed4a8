import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TutorChangedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorAccountsRepository } from './tutor-accounts.repository.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that follows the directory's active flags. */
export const PAYROLL_TUTOR_CHANGED_CONSUMER = PlatformConsumers.payrollTutorChanged.durable;

/**
 * tutoring deactivated or reactivated a directory entry (or changed it otherwise, or announced it at
 * start): a deactivated tutor may no longer save or submit timesheets (issue 24).
 */
@Injectable()
export class TutorChangedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly accounts: TutorAccountsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.payrollTutorChanged,
      schema: TutorChangedV1Schema,
      db: this.prisma,
      handle: (tx, entry) => this.accounts.recordStatus(tx, entry),
    });
  }
}

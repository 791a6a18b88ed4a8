import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, StudentConsentChangedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { StudentConsentsRepository } from './student-consents.repository.js';

/** identity announced a student's standing for payments (registration, a consent, a date of birth, the backfill). */
@Injectable()
export class StudentConsentChangedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.paymentsStudentConsentChanged,
      schema: StudentConsentChangedV1Schema,
      db: this.prisma,
      // Version-checked upsert on the inbox's transaction: events may arrive in any order.
      handle: (tx, student) => StudentConsentsRepository.record(tx, student),
    });
  }
}

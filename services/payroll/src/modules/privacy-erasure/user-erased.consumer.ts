import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, UserErasedV1Schema } from '@medtutor/contracts';
import { EventConsumers, eraseStudentName } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** Durable name, inbox key and dead-letter suffix of payroll's part of an erasure. */
export const PAYROLL_USER_ERASED_CONSUMER = PlatformConsumers.payrollUserErased.durable;

/**
 * identity erased a student's account (issue 26): the only personal data payroll holds of a student
 * is their name (student_names); it becomes the "Erased student" tombstone, so timesheet lines keep
 * their hours without naming anyone. Logged hours carry only ids and stay as payroll's records.
 */
@Injectable()
export class UserErasedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.payrollUserErased,
      schema: UserErasedV1Schema,
      db: this.prisma,
      handle: (tx, erased) => eraseStudentName(tx, erased.userId),
    });
  }
}

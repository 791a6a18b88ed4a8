import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, StudentNameChangedV1Schema } from '@medtutor/contracts';
import { EventConsumers, recordStudentName } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that keeps the students' names. */
export const TUTORING_STUDENT_NAME_CONSUMER = PlatformConsumers.tutoringStudentNameChanged.durable;

/** identity announced a student's name (registration, or its announcement at start): the tutor portal's students. */
@Injectable()
export class StudentNameChangedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringStudentNameChanged,
      schema: StudentNameChangedV1Schema,
      db: this.prisma,
      // Version-checked upsert into student_names, on the inbox's transaction (shared with the other service).
      handle: (tx, student) => recordStudentName(tx, student),
    });
  }
}

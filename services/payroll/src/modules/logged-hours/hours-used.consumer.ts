import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HoursUsedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorAccountsRepository } from '../tutor-accounts/tutor-accounts.repository.js';
import { LoggedHoursRepository } from './logged-hours.repository.js';
import { loggedSessionOf } from './logged-hours.rules.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that prefills timesheets. */
export const PAYROLL_HOURS_USED_CONSUMER = PlatformConsumers.payrollHoursUsed.durable;

/** Sessions a tutor delivered count towards that tutor's week (loggedSessionOf says which and which week). */
@Injectable()
export class HoursUsedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly logged: LoggedHoursRepository,
    private readonly accounts: TutorAccountsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.payrollHoursUsed,
      schema: HoursUsedV1Schema,
      db: this.prisma,
      handle: async (tx, used) => {
        const session = loggedSessionOf(used);
        if (!session) return;
        // Additions, so sessions arriving in any order (replicas, redeliveries) sum the same.
        await this.logged.add(tx, session);
        const { tutorUserId, tutorName } = used;
        if (tutorUserId !== null && tutorName !== null) {
          await this.accounts.learn(tx, {
            userId: tutorUserId,
            tutorId: session.tutorId,
            name: tutorName,
            email: null,
          });
        }
      },
    });
  }
}

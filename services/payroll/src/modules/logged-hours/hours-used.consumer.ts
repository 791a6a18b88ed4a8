import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HoursUsedV1Schema, mondayOf, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorAccountsRepository } from '../tutor-accounts/tutor-accounts.repository.js';
import { LoggedHoursRepository } from './logged-hours.repository.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that prefills timesheets. */
export const PAYROLL_HOURS_USED_CONSUMER = PlatformConsumers.payrollHoursUsed.durable;

/**
 * Sessions a tutor delivered count towards that tutor's week (the session's date decides the week).
 * Admin corrections of a package's hours are not work anybody logged, so they are skipped.
 */
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
        const { tutorId, tutorUserId, tutorName } = used;
        if (used.actorRole !== 'tutor' || tutorId === null) return;
        // Additions, so sessions arriving in any order (replicas, redeliveries) sum the same.
        await this.logged.add(tx, {
          tutorId,
          weekStarting: mondayOf(used.date),
          sessionId: used.sessionId,
          studentUserId: used.userId,
          subject: used.subject,
          hours: used.hours,
        });
        if (tutorUserId !== null && tutorName !== null) {
          await this.accounts.learn(tx, { userId: tutorUserId, tutorId, name: tutorName, email: null });
        }
      },
    });
  }
}

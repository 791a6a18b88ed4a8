import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, TutorInvitedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorAccountsRepository } from './tutor-accounts.repository.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that records tutor logins. */
export const PAYROLL_TUTOR_INVITED_CONSUMER = PlatformConsumers.payrollTutorInvited.durable;

/** A tutor login (identity) for a directory entry (tutoring): whose timesheets that user files. */
@Injectable()
export class TutorInvitedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly accounts: TutorAccountsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.payrollTutorInvited,
      schema: TutorInvitedV1Schema,
      db: this.prisma,
      handle: async (tx, invited) => {
        const outcome = await this.accounts.link(tx, {
          userId: invited.userId,
          tutorId: invited.tutorId,
          name: `${invited.firstName} ${invited.lastName}`,
          email: invited.email,
        });
        // Nothing is changed then; the event ends in the dead letters for an admin to sort out.
        if (outcome !== 'linked') {
          throw new Error(`Tutor ${invited.tutorId} not linked to user ${invited.userId}: ${outcome}`);
        }
      },
    });
  }
}

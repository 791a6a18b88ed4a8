import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConsumers, TutorInvitedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorsService } from '../tutors/tutors.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that links tutor logins. */
export const TUTOR_INVITED_CONSUMER = PlatformConsumers.tutoringTutorInvited.durable;

/**
 * identity created a tutor login for a directory entry: the entry now signs in as that user, and
 * booking emails go to its address.
 */
@Injectable()
export class TutorInvitedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly tutors: TutorsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringTutorInvited,
      schema: TutorInvitedV1Schema,
      db: this.prisma,
      handle: async (tx, invited) => {
        const outcome = await this.tutors.linkAccount(tx, invited.tutorId, invited.userId, invited.email);
        // Nothing is changed then; the event ends in the dead letters for an admin to sort out.
        if (outcome !== 'linked') {
          throw new Error(`Tutor ${invited.tutorId} not linked to user ${invited.userId}: ${outcome}`);
        }
      },
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { FreeTrialRequestedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { normaliseEmail } from '../users/user.mapping.js';
import { UsersRepository } from '../users/users.repository.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that marks free trials as used. */
export const FREE_TRIAL_CONSUMER = PlatformConsumers.identityFreeTrialRequested.durable;

/** Shorter numbers are too easily shared by chance to identify an account. */
const MIN_PHONE_DIGITS = 10;

/**
 * A free-trial request (tutoring) marks the account with that email, or the same phone digits, as
 * having used its free trial: the student dashboard's "Free trial: Used" card reads the flag.
 */
@Injectable()
export class FreeTrialConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly users: UsersRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.identityFreeTrialRequested,
      schema: FreeTrialRequestedV1Schema,
      db: this.prisma,
      handle: async (tx, request) => {
        const email = normaliseEmail(request.email);
        const digits = request.phone.replace(/\D/g, '');
        const phone = digits.length >= MIN_PHONE_DIGITS ? digits : null;
        await this.users.markFreeTrialUsed(tx, email, phone);
      },
    });
  }
}

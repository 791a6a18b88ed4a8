import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStreams, EventTypes, eventSubject, UserRegisteredV1Schema } from '@medtutor/contracts';
import { EventConsumers, handleOnce } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that copies students' emails. */
export const USER_REGISTERED_CONSUMER = 'reviews-user-registered';

@Injectable()
export class UserRegisteredConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      stream: EventStreams.identity.name,
      durable: USER_REGISTERED_CONSUMER,
      filterSubjects: [eventSubject(EventTypes.userRegistered)],
      handle: async (event) => {
        // A payload that breaks the contract throws: retried, then dead-lettered for a person to see.
        const user = UserRegisteredV1Schema.parse(event.data);
        await handleOnce(this.prisma, USER_REGISTERED_CONSUMER, event.id, (tx) =>
          this.verified.recordRegistration(tx, user),
        );
      },
    });
  }
}

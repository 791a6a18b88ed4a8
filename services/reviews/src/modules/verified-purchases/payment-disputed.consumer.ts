import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentDisputedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers, OutboxRelay } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that follows disputes: open hides the badge, won gives it back, lost takes it. */
export const PAYMENT_DISPUTED_CONSUMER = PlatformConsumers.reviewsPaymentDisputed.durable;

@Injectable()
export class PaymentDisputedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.reviewsPaymentDisputed,
      schema: PaymentDisputedV1Schema,
      db: this.prisma,
      handle: (tx, dispute, envelope) => this.verified.recordDispute(tx, dispute, envelope.correlationId),
      afterCommit: (announced) => {
        if (announced) this.relay.nudge();
      },
    });
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentSucceededV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers, OutboxRelay } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that records who has paid. */
export const PAYMENT_SUCCEEDED_CONSUMER = PlatformConsumers.reviewsPaymentSucceeded.durable;

@Injectable()
export class PaymentSucceededConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.reviewsPaymentSucceeded,
      schema: PaymentSucceededV1Schema,
      db: this.prisma,
      handle: (tx, payment, envelope) => this.verified.recordPayment(tx, payment, envelope.correlationId),
      afterCommit: (announced) => {
        if (announced) this.relay.nudge();
      },
    });
  }
}

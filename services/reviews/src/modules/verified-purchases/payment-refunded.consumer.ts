import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentRefundedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers, OutboxRelay } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that follows refunds: a full refund takes the badge. */
export const PAYMENT_REFUNDED_CONSUMER = PlatformConsumers.reviewsPaymentRefunded.durable;

@Injectable()
export class PaymentRefundedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.reviewsPaymentRefunded,
      schema: PaymentRefundedV1Schema,
      db: this.prisma,
      handle: (tx, refund, envelope) => this.verified.recordRefund(tx, refund, envelope.correlationId),
      afterCommit: (announced) => {
        if (announced) this.relay.nudge();
      },
    });
  }
}

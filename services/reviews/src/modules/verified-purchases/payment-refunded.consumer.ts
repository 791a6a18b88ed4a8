import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventTypes, PaymentRefundedV1Schema } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that follows refunds: a full refund takes the badge. */
export const PAYMENT_REFUNDED_CONSUMER = 'reviews-payment-refunded';

@Injectable()
export class PaymentRefundedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      durable: PAYMENT_REFUNDED_CONSUMER,
      event: EventTypes.paymentRefunded,
      schema: PaymentRefundedV1Schema,
      db: this.prisma,
      handle: (tx, refund) => this.verified.recordRefund(tx, refund),
    });
  }
}

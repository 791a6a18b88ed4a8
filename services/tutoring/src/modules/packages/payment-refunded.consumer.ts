import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentRefundedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that takes refunded hours back. */
export const PAYMENT_REFUNDED_CONSUMER = PlatformConsumers.tutoringPaymentRefunded.durable;

@Injectable()
export class PaymentRefundedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly adjustments: PaymentAdjustmentsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringPaymentRefunded,
      schema: PaymentRefundedV1Schema,
      db: this.prisma,
      handle: (tx, refund) => this.adjustments.onRefunded(tx, refund),
    });
  }
}

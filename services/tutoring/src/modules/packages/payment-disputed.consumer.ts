import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentDisputedV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that holds packages under dispute. */
export const PAYMENT_DISPUTED_CONSUMER = PlatformConsumers.tutoringPaymentDisputed.durable;

@Injectable()
export class PaymentDisputedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly adjustments: PaymentAdjustmentsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringPaymentDisputed,
      schema: PaymentDisputedV1Schema,
      db: this.prisma,
      handle: (tx, dispute) => this.adjustments.onDisputed(tx, dispute),
    });
  }
}

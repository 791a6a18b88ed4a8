import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStreams, EventTypes, eventSubject, PaymentSucceededV1Schema } from '@medtutor/contracts';
import { EventConsumers, handleOnce } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that records who has paid. */
export const PAYMENT_SUCCEEDED_CONSUMER = 'reviews-payment-succeeded';

@Injectable()
export class PaymentSucceededConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly verified: VerifiedPurchasesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      stream: EventStreams.catalogPayments.name,
      durable: PAYMENT_SUCCEEDED_CONSUMER,
      filterSubjects: [eventSubject(EventTypes.paymentSucceeded)],
      handle: async (event) => {
        const payment = PaymentSucceededV1Schema.parse(event.data);
        await handleOnce(this.prisma, PAYMENT_SUCCEEDED_CONSUMER, event.id, (tx) =>
          this.verified.recordPayment(tx, payment),
        );
      },
    });
  }
}

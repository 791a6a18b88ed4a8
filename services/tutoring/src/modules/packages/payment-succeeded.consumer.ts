import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentSucceededV1Schema, PlatformConsumers } from '@medtutor/contracts';
import { EventConsumers } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { PackageCreditService } from './package-credit.service.js';

/** Durable name, inbox key and dead-letter suffix of the consumer that credits purchased hours. */
export const PAYMENT_SUCCEEDED_CONSUMER = PlatformConsumers.tutoringPaymentSucceeded.durable;

@Injectable()
export class PaymentSucceededConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly prisma: PrismaService,
    private readonly credit: PackageCreditService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A payload that breaks the contract is dead-lettered at once, for a person to see.
    await this.consumers.start({
      consumer: PlatformConsumers.tutoringPaymentSucceeded,
      schema: PaymentSucceededV1Schema,
      db: this.prisma,
      handle: (tx, payment) => this.credit.creditPayment(tx, payment),
    });
  }
}

import { type DynamicModule, Module } from '@nestjs/common';
import { MailRelay, OutboxRelay, serviceInfraModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { CatalogPaymentsConfig } from '../config/catalog-payments.config.js';
import { DiscountCodesModule } from '../modules/discount-codes/discount-codes.module.js';
import { MoneyBackRepository } from '../modules/payments/money-back.repository.js';
import { MoneyBackService } from '../modules/payments/money-back.service.js';
import { PaymentFulfilmentService } from '../modules/payments/payment-fulfilment.service.js';
import { PaymentReconciliationService } from '../modules/payments/payment-reconciliation.service.js';
import { PaymentRepository } from '../modules/payments/payment.repository.js';
import { createPaymentProvider } from '../modules/payments/providers/create-payment-provider.js';
import { PAYMENT_PROVIDER } from '../modules/payments/providers/payment-provider.js';
import { catalogPayments } from '../service.js';

/**
 * What the reconcile command needs of catalog-payments: the database, the provider and the payment
 * paths that repair, without NATS, consumers or relays. The events and emails a repair writes wait in
 * the outbox tables, where the running service's relays find them at their next poll (as they find
 * another replica's), so the command's relays have nothing to wake.
 */
@Module({})
export class ReconciliationCliModule {
  static register(config: CatalogPaymentsConfig, logger: Logger): DynamicModule {
    const leftToTheService = { nudge: () => undefined, wake: () => undefined };
    return {
      module: ReconciliationCliModule,
      imports: [serviceInfraModule(catalogPayments, config, logger), DiscountCodesModule],
      providers: [
        MoneyBackRepository,
        MoneyBackService,
        PaymentFulfilmentService,
        PaymentReconciliationService,
        PaymentRepository,
        { provide: PAYMENT_PROVIDER, useFactory: () => createPaymentProvider(config.payments) },
        { provide: OutboxRelay, useValue: leftToTheService },
        { provide: MailRelay, useValue: leftToTheService },
      ],
    };
  }
}

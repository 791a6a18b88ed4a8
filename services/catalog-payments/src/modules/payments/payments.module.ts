import { Module } from '@nestjs/common';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { DiscountCodesModule } from '../discount-codes/discount-codes.module.js';
import { StudentConsentsModule } from '../student-consents/student-consents.module.js';
import { AdminPaymentsRepository } from './admin-payments.repository.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { AdminRefundsService } from './admin-refunds.service.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { CheckoutService } from './checkout.service.js';
import { MoneyBackRepository } from './money-back.repository.js';
import { MoneyBackService } from './money-back.service.js';
import { PaymentConfirmationService } from './payment-confirmation.service.js';
import { PaymentConflictsService } from './payment-conflicts.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { PaymentSweeper } from './payment-sweeper.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentsRpcController } from './payments.rpc-controller.js';
import { RefundConfirmationService } from './refund-confirmation.service.js';
import { createPaymentProvider } from './providers/create-payment-provider.js';
import { PAYMENT_PROVIDER } from './providers/payment-provider.js';

@Module({
  imports: [CatalogModule, DiscountCodesModule, StudentConsentsModule],
  controllers: [PaymentsRpcController],
  providers: [
    PaymentRepository,
    MoneyBackRepository,
    AdminPaymentsRepository,
    CheckoutService,
    CheckoutEndingService,
    PaymentConfirmationService,
    PaymentFulfilmentService,
    PaymentWebhooksService,
    PaymentConflictsService,
    MoneyBackService,
    AdminPaymentsService,
    AdminRefundsService,
    RefundConfirmationService,
    PaymentSweeper,
    {
      provide: PAYMENT_PROVIDER,
      inject: [CATALOG_PAYMENTS_CONFIG],
      useFactory: (config: CatalogPaymentsConfig) => createPaymentProvider(config.payments),
    },
  ],
})
export class PaymentsModule {}

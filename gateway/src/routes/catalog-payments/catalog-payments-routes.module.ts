import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller.js';
import { DiscountCodesController } from './discount-codes.controller.js';
import { PaymentConflictsController } from './payment-conflicts.controller.js';
import { PaymentsController } from './payments.controller.js';
import { RevenueController } from './revenue.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

@Module({
  controllers: [
    CatalogController,
    DiscountCodesController,
    PaymentConflictsController,
    PaymentsController,
    RevenueController,
    StripeWebhookController,
  ],
})
export class CatalogPaymentsRoutesModule {}

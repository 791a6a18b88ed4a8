import { Module } from '@nestjs/common';
import { AdminPaymentsController } from './admin-payments.controller.js';
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
    // After PaymentConflictsController: its literal `payments/conflicts` must be matched before `payments/:paymentId`.
    AdminPaymentsController,
    PaymentsController,
    RevenueController,
    StripeWebhookController,
  ],
})
export class CatalogPaymentsRoutesModule {}

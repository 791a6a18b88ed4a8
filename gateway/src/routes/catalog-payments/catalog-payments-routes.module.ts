import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller.js';
import { DiscountCodesController } from './discount-codes.controller.js';
import { PaymentsController } from './payments.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

@Module({ controllers: [CatalogController, DiscountCodesController, PaymentsController, StripeWebhookController] })
export class CatalogPaymentsRoutesModule {}

import { Module } from '@nestjs/common';
import { PaymentDisputedConsumer } from './payment-disputed.consumer.js';
import { PaymentRefundedConsumer } from './payment-refunded.consumer.js';
import { PaymentSucceededConsumer } from './payment-succeeded.consumer.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

@Module({
  providers: [
    VerifiedPurchasesService,
    VerifiedPurchasesRepository,
    PaymentSucceededConsumer,
    PaymentRefundedConsumer,
    PaymentDisputedConsumer,
  ],
  exports: [VerifiedPurchasesService],
})
export class VerifiedPurchasesModule {}

import { Module } from '@nestjs/common';
import { PaymentSucceededConsumer } from './payment-succeeded.consumer.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';
import { VerifiedPurchasesService } from './verified-purchases.service.js';

@Module({
  providers: [VerifiedPurchasesService, VerifiedPurchasesRepository, PaymentSucceededConsumer],
  exports: [VerifiedPurchasesService],
})
export class VerifiedPurchasesModule {}

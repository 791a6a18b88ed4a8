import { Module } from '@nestjs/common';
import { PackagesRpcController } from './packages.rpc-controller.js';
import { PackagesService } from './packages.service.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';
import { PaymentDisputedConsumer } from './payment-disputed.consumer.js';
import { PaymentRefundedConsumer } from './payment-refunded.consumer.js';
import { PaymentSucceededConsumer } from './payment-succeeded.consumer.js';

@Module({
  controllers: [PackagesRpcController],
  providers: [
    PackagesService,
    PaymentAdjustmentsService,
    PaymentSucceededConsumer,
    PaymentRefundedConsumer,
    PaymentDisputedConsumer,
  ],
})
export class PackagesModule {}

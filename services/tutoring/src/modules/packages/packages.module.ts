import { Module } from '@nestjs/common';
import { PackagesRpcController } from './packages.rpc-controller.js';
import { PackagesService } from './packages.service.js';
import { PaymentSucceededConsumer } from './payment-succeeded.consumer.js';

@Module({
  controllers: [PackagesRpcController],
  providers: [PackagesService, PaymentSucceededConsumer],
})
export class PackagesModule {}

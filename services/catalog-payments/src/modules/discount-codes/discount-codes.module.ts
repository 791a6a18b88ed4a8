import { Module } from '@nestjs/common';
import { DiscountCodesRepository } from './discount-codes.repository.js';
import { DiscountCodesRpcController } from './discount-codes.rpc-controller.js';
import { DiscountCodesService } from './discount-codes.service.js';

@Module({
  controllers: [DiscountCodesRpcController],
  providers: [DiscountCodesService, DiscountCodesRepository],
  exports: [DiscountCodesService],
})
export class DiscountCodesModule {}

import { Module } from '@nestjs/common';
import { RevenueRepository } from './revenue.repository.js';
import { RevenueRpcController } from './revenue.rpc-controller.js';
import { RevenueService } from './revenue.service.js';

/** The admin's revenue report, read from the payments table. */
@Module({
  controllers: [RevenueRpcController],
  providers: [RevenueService, RevenueRepository],
})
export class RevenueModule {}

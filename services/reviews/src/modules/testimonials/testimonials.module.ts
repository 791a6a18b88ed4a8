import { Module } from '@nestjs/common';
import { VerifiedPurchasesModule } from '../verified-purchases/verified-purchases.module.js';
import { TestimonialsRepository } from './testimonials.repository.js';
import { TestimonialsRpcController } from './testimonials.rpc-controller.js';
import { TestimonialsService } from './testimonials.service.js';

@Module({
  imports: [VerifiedPurchasesModule],
  controllers: [TestimonialsRpcController],
  providers: [TestimonialsService, TestimonialsRepository],
})
export class TestimonialsModule {}

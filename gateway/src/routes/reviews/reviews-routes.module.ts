import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../../rate-limits/rate-limits.module.js';
import { TestimonialsController } from './testimonials.controller.js';

@Module({ imports: [RateLimitsModule], controllers: [TestimonialsController] })
export class ReviewsRoutesModule {}

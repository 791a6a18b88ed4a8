import { Global, Module } from '@nestjs/common';
import { RateLimitsService } from './rate-limits.service.js';

/** Global, so `@RateLimited` works on any route module without each one importing this. */
@Global()
@Module({ providers: [RateLimitsService], exports: [RateLimitsService] })
export class RateLimitsModule {}

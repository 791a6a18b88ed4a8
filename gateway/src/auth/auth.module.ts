import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { LocalStrategy } from './local.strategy.js';

@Module({
  imports: [RateLimitsModule],
  providers: [LocalStrategy, LocalAuthGuard],
  exports: [LocalAuthGuard],
})
export class AuthModule {}

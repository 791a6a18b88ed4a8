import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { RateLimitsModule } from '../../rate-limits/rate-limits.module.js';
import { AdminTwoFactorController } from './admin-two-factor.controller.js';
import { GuardianConsentController } from './guardian-consent.controller.js';
import { IdentityController } from './identity.controller.js';
import { PrivacyErasureController } from './privacy-erasure.controller.js';
import { TwoFactorController } from './two-factor.controller.js';

@Module({
  imports: [AuthModule, RateLimitsModule],
  controllers: [
    IdentityController,
    TwoFactorController,
    AdminTwoFactorController,
    GuardianConsentController,
    PrivacyErasureController,
  ],
})
export class IdentityRoutesModule {}

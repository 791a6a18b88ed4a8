import { Module } from '@nestjs/common';
import { TwoFactorModule } from '../two-factor/two-factor.module.js';
import { UsersModule } from '../users/users.module.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';
import { PrivacyErasureRpcController } from './privacy-erasure.rpc-controller.js';
import { PrivacyErasureService } from './privacy-erasure.service.js';

/** Issue 26: a student's erasure of their account, and an admin's on a verified request. */
@Module({
  imports: [UsersModule, TwoFactorModule],
  controllers: [PrivacyErasureRpcController],
  providers: [PrivacyErasureService, PrivacyErasureRepository],
})
export class PrivacyErasureModule {}

import { Module } from '@nestjs/common';
import { GuardianConsentRepository } from './guardian-consent.repository.js';
import { GuardianConsentRpcController } from './guardian-consent.rpc-controller.js';
import { GuardianConsentService } from './guardian-consent.service.js';

@Module({
  controllers: [GuardianConsentRpcController],
  providers: [GuardianConsentRepository, GuardianConsentService],
  exports: [GuardianConsentRepository, GuardianConsentService],
})
export class GuardianConsentModule {}

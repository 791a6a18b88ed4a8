import { Module } from '@nestjs/common';
import { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorRpcController } from './two-factor.rpc-controller.js';
import { TwoFactorService } from './two-factor.service.js';

@Module({
  controllers: [TwoFactorRpcController],
  providers: [TwoFactorService, TwoFactorRepository],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}

import { Module } from '@nestjs/common';
import { VerifiedPurchasesModule } from '../verified-purchases/verified-purchases.module.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';
import { PrivacyExportRpcController } from './privacy-export.rpc-controller.js';
import { PrivacyExportService } from './privacy-export.service.js';

/** Issue 26: the user's own data, for `GET /api/me/export`. */
@Module({
  imports: [VerifiedPurchasesModule],
  controllers: [PrivacyExportRpcController],
  providers: [PrivacyExportRepository, PrivacyExportService],
})
export class PrivacyExportModule {}

import { Module } from '@nestjs/common';
import { PrivacyExportRepository } from './privacy-export.repository.js';
import { PrivacyExportRpcController } from './privacy-export.rpc-controller.js';
import { PrivacyExportService } from './privacy-export.service.js';

/** Issue 26: the user's own data, for `GET /api/me/export`. */
@Module({
  controllers: [PrivacyExportRpcController],
  providers: [PrivacyExportRepository, PrivacyExportService],
})
export class PrivacyExportModule {}

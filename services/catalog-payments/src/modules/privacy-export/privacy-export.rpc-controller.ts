import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CatalogPaymentsExport, PersonalDataByEmailRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PrivacyExportService } from './privacy-export.service.js';

@Controller()
export class PrivacyExportRpcController {
  constructor(private readonly exports: PrivacyExportService) {}

  @MessagePattern(Subjects.catalogPayments.exportPersonalData)
  exportPersonalData(@Payload() payload: unknown): Promise<CatalogPaymentsExport> {
    const { meta, data } = parseRequest(PersonalDataByEmailRequestSchema, payload);
    return this.exports.exportOf(meta.actor, data.email);
  }
}

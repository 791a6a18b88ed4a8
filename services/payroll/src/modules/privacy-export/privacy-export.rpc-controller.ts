import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type PayrollExport, PersonalDataRequestSchema, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PrivacyExportService } from './privacy-export.service.js';

@Controller()
export class PrivacyExportRpcController {
  constructor(private readonly exports: PrivacyExportService) {}

  @MessagePattern(Subjects.payroll.exportPersonalData)
  exportPersonalData(@Payload() payload: unknown): Promise<PayrollExport> {
    return this.exports.exportOf(parseRequest(PersonalDataRequestSchema, payload).meta.actor);
  }
}

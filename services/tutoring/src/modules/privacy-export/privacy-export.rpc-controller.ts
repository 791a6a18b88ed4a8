import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PersonalDataByEmailRequestSchema, Subjects, type TutoringExport } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PrivacyExportService } from './privacy-export.service.js';

@Controller()
export class PrivacyExportRpcController {
  constructor(private readonly exports: PrivacyExportService) {}

  @MessagePattern(Subjects.tutoring.exportPersonalData)
  exportPersonalData(@Payload() payload: unknown): Promise<TutoringExport> {
    const { meta, data } = parseRequest(PersonalDataByEmailRequestSchema, payload);
    return this.exports.exportOf(meta.actor, data.email);
  }
}

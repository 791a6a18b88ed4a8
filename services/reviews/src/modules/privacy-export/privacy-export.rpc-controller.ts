import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PersonalDataByEmailRequestSchema, type ReviewsExport, Subjects } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PrivacyExportService } from './privacy-export.service.js';

@Controller()
export class PrivacyExportRpcController {
  constructor(private readonly exports: PrivacyExportService) {}

  @MessagePattern(Subjects.reviews.exportPersonalData)
  exportPersonalData(@Payload() payload: unknown): Promise<ReviewsExport> {
    const { meta, data } = parseRequest(PersonalDataByEmailRequestSchema, payload);
    return this.exports.exportOf(meta.actor, data.email);
  }
}

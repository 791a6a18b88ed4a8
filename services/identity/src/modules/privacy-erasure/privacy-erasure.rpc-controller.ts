import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminEraseUserRequestSchema, EraseMeRequestSchema, Subjects, type UserErasedReply } from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PrivacyErasureService } from './privacy-erasure.service.js';

@Controller()
export class PrivacyErasureRpcController {
  constructor(private readonly erasure: PrivacyErasureService) {}

  @MessagePattern(Subjects.identity.eraseMe)
  eraseMe(@Payload() payload: unknown): Promise<UserErasedReply> {
    const { meta, data } = parseRequest(EraseMeRequestSchema, payload);
    return this.erasure.eraseSelf(meta.actor, data.userId, data, meta.correlationId);
  }

  @MessagePattern(Subjects.identity.eraseUser)
  eraseUser(@Payload() payload: unknown): Promise<UserErasedReply> {
    const { meta, data } = parseRequest(AdminEraseUserRequestSchema, payload);
    return this.erasure.eraseByAdmin(meta.actor, data.userId, data.reason, meta.correlationId);
  }
}

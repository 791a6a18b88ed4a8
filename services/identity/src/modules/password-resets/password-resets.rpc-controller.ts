import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type RequestPasswordResetReply,
  RequestPasswordResetRequestSchema,
  type ResetPasswordReply,
  ResetPasswordRequestSchema,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { PasswordResetsService } from './password-resets.service.js';

@Controller()
export class PasswordResetsRpcController {
  constructor(private readonly resets: PasswordResetsService) {}

  @MessagePattern(Subjects.identity.requestPasswordReset)
  requestPasswordReset(@Payload() payload: unknown): Promise<RequestPasswordResetReply> {
    const { meta, data } = parseRequest(RequestPasswordResetRequestSchema, payload);
    return this.resets.requestReset(data.email, meta.correlationId);
  }

  /** The gateway ends every session of the returned user. */
  @MessagePattern(Subjects.identity.resetPassword)
  resetPassword(@Payload() payload: unknown): Promise<ResetPasswordReply> {
    const { data } = parseRequest(ResetPasswordRequestSchema, payload);
    return this.resets.resetPassword(data);
  }
}

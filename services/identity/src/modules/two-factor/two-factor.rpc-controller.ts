import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  Subjects,
  TotpEnableRequestSchema,
  type TotpEnableReply,
  TotpSetupRequestSchema,
  type TotpSetupReply,
  type TotpStatusReply,
  TotpVerifyRequestSchema,
  type TotpVerifyReply,
  UserIdRequestSchema,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { TwoFactorService } from './two-factor.service.js';

@Controller()
export class TwoFactorRpcController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @MessagePattern(Subjects.identity.totpStatus)
  status(@Payload() payload: unknown): Promise<TotpStatusReply> {
    return this.twoFactor.status(parseRequest(UserIdRequestSchema, payload).data.userId);
  }

  @MessagePattern(Subjects.identity.totpSetup)
  setup(@Payload() payload: unknown): Promise<TotpSetupReply> {
    return this.twoFactor.setup(parseRequest(TotpSetupRequestSchema, payload).data.userId);
  }

  @MessagePattern(Subjects.identity.totpEnable)
  enable(@Payload() payload: unknown): Promise<TotpEnableReply> {
    const { data } = parseRequest(TotpEnableRequestSchema, payload);
    return this.twoFactor.enable(data.userId, data.code);
  }

  @MessagePattern(Subjects.identity.totpVerify)
  verify(@Payload() payload: unknown): Promise<TotpVerifyReply> {
    const { data } = parseRequest(TotpVerifyRequestSchema, payload);
    return this.twoFactor.verify(data.userId, data.code);
  }
}

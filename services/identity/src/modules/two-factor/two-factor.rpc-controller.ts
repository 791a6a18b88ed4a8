import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminSecondFactorResetRequestSchema,
  type AdminSecondFactorResetReply,
  SecondFactorChangeRequestSchema,
  Subjects,
  type TotpDisableReply,
  TotpEnableRequestSchema,
  type TotpEnableReply,
  TotpReEnrolConfirmRequestSchema,
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

  @MessagePattern(Subjects.identity.totpReEnrolSetup)
  reEnrolSetup(@Payload() payload: unknown): Promise<TotpSetupReply> {
    const { data } = parseRequest(SecondFactorChangeRequestSchema, payload);
    return this.twoFactor.reEnrolSetup(data.userId, data);
  }

  @MessagePattern(Subjects.identity.totpReEnrolConfirm)
  reEnrolConfirm(@Payload() payload: unknown): Promise<TotpEnableReply> {
    const { data } = parseRequest(TotpReEnrolConfirmRequestSchema, payload);
    return this.twoFactor.reEnrolConfirm(data.userId, data.code);
  }

  @MessagePattern(Subjects.identity.totpRegenerateRecoveryCodes)
  regenerateRecoveryCodes(@Payload() payload: unknown): Promise<TotpEnableReply> {
    const { data } = parseRequest(SecondFactorChangeRequestSchema, payload);
    return this.twoFactor.regenerateRecoveryCodes(data.userId, data);
  }

  @MessagePattern(Subjects.identity.totpDisable)
  disable(@Payload() payload: unknown): Promise<TotpDisableReply> {
    const { data } = parseRequest(SecondFactorChangeRequestSchema, payload);
    return this.twoFactor.disable(data.userId, data);
  }

  @MessagePattern(Subjects.identity.totpAdminReset)
  adminReset(@Payload() payload: unknown): Promise<AdminSecondFactorResetReply> {
    const { meta, data } = parseRequest(AdminSecondFactorResetRequestSchema, payload);
    return this.twoFactor.resetByAdmin(data.userId, meta.actor);
  }
}

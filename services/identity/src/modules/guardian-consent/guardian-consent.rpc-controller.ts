import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ConsentStateReply,
  type GuardianConsentDetails,
  GuardianConsentTokenRequestSchema,
  ResendGuardianConsentRequestSchema,
  SetDateOfBirthRequestSchema,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { GuardianConsentService } from './guardian-consent.service.js';

@Controller()
export class GuardianConsentRpcController {
  constructor(private readonly consents: GuardianConsentService) {}

  @MessagePattern(Subjects.identity.setDateOfBirth)
  setDateOfBirth(@Payload() payload: unknown): Promise<ConsentStateReply> {
    const { meta, data } = parseRequest(SetDateOfBirthRequestSchema, payload);
    return this.consents.setDateOfBirth(data, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.identity.resendGuardianConsent)
  resend(@Payload() payload: unknown): Promise<ConsentStateReply> {
    const { meta, data } = parseRequest(ResendGuardianConsentRequestSchema, payload);
    return this.consents.resend(data.userId, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.identity.guardianConsentDetails)
  details(@Payload() payload: unknown): Promise<GuardianConsentDetails> {
    return this.consents.details(parseRequest(GuardianConsentTokenRequestSchema, payload).data.token);
  }

  @MessagePattern(Subjects.identity.giveGuardianConsent)
  consent(@Payload() payload: unknown): Promise<ConsentStateReply> {
    const { meta, data } = parseRequest(GuardianConsentTokenRequestSchema, payload);
    return this.consents.consent(data.token, meta.correlationId);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CheckFreeTrialBodySchema,
  type CheckFreeTrialReply,
  type ConsultationReply,
  type FreeTrialRequestDto,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { ConsultationsService } from './consultations.service.js';

@Controller()
export class ConsultationsRpcController {
  constructor(private readonly consultations: ConsultationsService) {}

  /** Visitors may submit: the body is validated in the service, whose rules depend on its subject. */
  @MessagePattern(Subjects.tutoring.submitConsultation)
  submit(@Payload() payload: unknown): Promise<ConsultationReply> {
    const { meta, data } = parseRequest(z.unknown(), payload);
    return this.consultations.submit(data, meta.correlationId);
  }

  @MessagePattern(Subjects.tutoring.checkFreeTrial)
  checkFreeTrial(@Payload() payload: unknown): Promise<CheckFreeTrialReply> {
    const { data } = parseRequest(CheckFreeTrialBodySchema, payload);
    return this.consultations.checkFreeTrial(data.email, data.phone);
  }

  @MessagePattern(Subjects.tutoring.listFreeTrialRequests)
  listFreeTrialRequests(@Payload() payload: unknown): Promise<FreeTrialRequestDto[]> {
    const { meta } = parseRequest(z.unknown(), payload);
    return this.consultations.listFreeTrialRequests(meta.actor);
  }
}

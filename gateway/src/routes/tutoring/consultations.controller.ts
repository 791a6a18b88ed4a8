import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CheckFreeTrialBodySchema,
  type CheckFreeTrialReply,
  CheckFreeTrialReplySchema,
  ConsultationBodySchema,
  type ConsultationReply,
  ConsultationReplySchema,
  Subjects,
  SubmitConsultationBodySchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { ServiceClient } from '../../clients/service-client.js';
import { clientIp } from '../../http/client-ip.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { RateLimited } from '../../rate-limits/rate-limited.decorator.js';
import { RateLimitsService } from '../../rate-limits/rate-limits.service.js';
import { openApi } from './openapi-schema.js';

/** The home page's consultation form and the /contact free-trial form, open to visitors. */
@ApiTags('consultations')
@Controller('api')
export class ConsultationsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: RateLimitsService,
  ) {}

  @Post('consultations')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Request a consultation, or a free trial when subjectInterest starts with 'FREE TRIAL - ' " +
      '(then email is required and phone needs 10 characters)',
  })
  @ApiBody({ schema: openApi(ConsultationBodySchema, 'input') })
  @ApiResponse({ status: 201, description: 'Received', schema: openApi(ConsultationReplySchema) })
  @ApiErrorReplies(400, 429, 503)
  async submit(
    @Body(new ZodBodyPipe(SubmitConsultationBodySchema)) body: z.output<typeof SubmitConsultationBodySchema>,
    @Req() req: Request,
  ): Promise<ConsultationReply> {
    // Each request emails the team: one address may not flood it.
    await this.limits.consumeConsultation(clientIp(req));
    return this.services.send(Subjects.tutoring.submitConsultation, body, req, ConsultationReplySchema);
  }

  @Post('check-free-trial')
  @HttpCode(200)
  @RateLimited('freeTrialChecks')
  @ApiOperation({ summary: 'Whether a free trial was already requested by this email or phone' })
  @ApiBody({ schema: openApi(CheckFreeTrialBodySchema, 'input') })
  @ApiOkResponse({ description: 'false when email or phone is missing', schema: openApi(CheckFreeTrialReplySchema) })
  @ApiErrorReplies(400, 503)
  checkFreeTrial(
    @Body(new ZodBodyPipe(CheckFreeTrialBodySchema)) body: z.output<typeof CheckFreeTrialBodySchema>,
    @Req() req: Request,
  ): Promise<CheckFreeTrialReply> {
    return this.services.send(Subjects.tutoring.checkFreeTrial, body, req, CheckFreeTrialReplySchema);
  }
}

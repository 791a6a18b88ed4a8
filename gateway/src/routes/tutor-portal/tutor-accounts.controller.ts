import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorCodes,
  InviteTutorBodySchema,
  type InviteTutorReply,
  InviteTutorReplySchema,
  Subjects,
  TutorDirectoryMessages,
  TutorDtoSchema,
  TutorInvitationMessages,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;

@ApiTags('admin')
@Controller('api/admin/tutor-accounts')
export class TutorAccountsController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * The directory entry is looked up first, so an admin learns at once that it is gone or already
   * has a login, rather than identity creating an account that tutoring cannot link.
   */
  @Post()
  @HttpCode(201)
  @AdminOnly()
  @ApiOperation({ summary: 'Give a tutor-directory entry a login: the tutor is emailed a set-password link' })
  @ApiBody({ schema: openApi(InviteTutorBodySchema, 'input') })
  @ApiResponse({ status: 201, description: 'The new login', schema: openApi(InviteTutorReplySchema) })
  @ApiErrorReplies(400, 404, 409, 503)
  async invite(
    @Body(new ZodBodyPipe(InviteTutorBodySchema)) body: z.output<typeof InviteTutorBodySchema>,
    @Req() req: Request,
  ): Promise<InviteTutorReply> {
    const tutors = await this.services.send(Subjects.tutoring.listTutors, {}, req, z.array(TutorDtoSchema));
    const tutor = tutors.find((entry) => entry.id === body.tutorId);
    if (!tutor) throw ApiError.of(ErrorCodes.notFound, TutorDirectoryMessages.tutorNotFound);
    if (tutor.userId !== null) throw ApiError.of(ErrorCodes.tutorHasLogin, TutorInvitationMessages.tutorHasLogin);
    return this.services.send(Subjects.identity.inviteTutor, body, req, InviteTutorReplySchema);
  }
}

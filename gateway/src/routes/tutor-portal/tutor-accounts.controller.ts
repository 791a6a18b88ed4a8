import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InviteTutorBodySchema, type InviteTutorReply, InviteTutorReplySchema, Subjects } from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;

@ApiTags('admin')
@Controller('api/admin/tutor-accounts')
export class TutorAccountsController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * identity decides: it knows the tutor directory from tutoring's events and refuses an entry that
   * is missing or deactivated (404) or already has a login (409) before creating the account.
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
    return this.services.send(Subjects.identity.inviteTutor, body, req, InviteTutorReplySchema);
  }
}

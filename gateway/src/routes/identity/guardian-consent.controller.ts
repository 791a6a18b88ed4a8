import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type ConsentStateReply,
  ConsentStateReplySchema,
  ErrorCodes,
  type GuardianConsentDetails,
  GuardianConsentDetailsSchema,
  GuardianConsentTokenBodySchema,
  PathIdSchema,
  ServerMessages,
  SetDateOfBirthBodySchema,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { AdminOnly, Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';

/**
 * Issue 26: a student's date of birth and their guardian's consent. The consent link's token travels
 * in request bodies only (the page reads it from its own URL), so no access log holds a live token.
 */
@ApiTags('account')
@Controller('api')
export class GuardianConsentController {
  constructor(private readonly identity: ServiceClient) {}

  @Post('me/date-of-birth')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Give the date of birth of a student account registered without one (once); 13–17 names a guardian, ' +
      'who is emailed a consent link',
  })
  @ApiBody({ schema: jsonSchemaOf(SetDateOfBirthBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Saved; the state it gives', schema: jsonSchemaOf(ConsentStateReplySchema) })
  @ApiErrorReplies(400, 403, 409, 503)
  setDateOfBirth(
    @Body(new ZodBodyPipe(SetDateOfBirthBodySchema)) body: z.output<typeof SetDateOfBirthBodySchema>,
    @Req() req: Request,
  ): Promise<ConsentStateReply> {
    return this.identity.send(Subjects.identity.setDateOfBirth, body, req, ConsentStateReplySchema);
  }

  @Post('me/guardian-consent/resend')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Email the guardian a new consent link (the earlier ones stop working); at most one a minute. A student who ' +
      'turned 18 meanwhile becomes adult instead',
  })
  @ApiResponse({ status: 200, description: 'Sent, or now adult', schema: jsonSchemaOf(ConsentStateReplySchema) })
  @ApiErrorReplies(403, 409, 429, 503)
  resendOwn(@Req() req: Request): Promise<ConsentStateReply> {
    return this.identity.send(
      Subjects.identity.resendGuardianConsent,
      { userId: req.session.userId },
      req,
      ConsentStateReplySchema,
    );
  }

  @Post('admin/students/:id/guardian-consent/resend')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: "Email a student's guardian a new consent link (admin)" })
  @ApiParam({ name: 'id', type: 'integer', description: 'The student' })
  @ApiResponse({ status: 200, description: 'Sent, or now adult', schema: jsonSchemaOf(ConsentStateReplySchema) })
  @ApiErrorReplies(404, 409, 429, 503)
  resendForStudent(@Param('id') id: string, @Req() req: Request): Promise<ConsentStateReply> {
    const parsed = PathIdSchema.safeParse(id);
    if (!parsed.success) throw ApiError.of(ErrorCodes.notFound, ServerMessages.notFound);
    return this.identity.send(
      Subjects.identity.resendGuardianConsent,
      { userId: parsed.data },
      req,
      ConsentStateReplySchema,
    );
  }

  @Post('guardian-consent/details')
  @HttpCode(200)
  @ApiOperation({ summary: "What the guardian consent page shows for a link's token: who asks, until when" })
  @ApiBody({ schema: jsonSchemaOf(GuardianConsentTokenBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'The request', schema: jsonSchemaOf(GuardianConsentDetailsSchema) })
  @ApiErrorReplies(400, 503)
  details(
    @Body(new ZodBodyPipe(GuardianConsentTokenBodySchema)) body: z.output<typeof GuardianConsentTokenBodySchema>,
    @Req() req: Request,
  ): Promise<GuardianConsentDetails> {
    return this.identity.send(Subjects.identity.guardianConsentDetails, body, req, GuardianConsentDetailsSchema);
  }

  @Post('guardian-consent')
  @HttpCode(200)
  @ApiOperation({
    summary: "A guardian consents with the emailed link's token (single use, 7 days); the student is told by email",
  })
  @ApiBody({ schema: jsonSchemaOf(GuardianConsentTokenBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Consent recorded', schema: jsonSchemaOf(ConsentStateReplySchema) })
  @ApiErrorReplies(400, 503)
  consent(
    @Body(new ZodBodyPipe(GuardianConsentTokenBodySchema)) body: z.output<typeof GuardianConsentTokenBodySchema>,
    @Req() req: Request,
  ): Promise<ConsentStateReply> {
    return this.identity.send(Subjects.identity.giveGuardianConsent, body, req, ConsentStateReplySchema);
  }
}

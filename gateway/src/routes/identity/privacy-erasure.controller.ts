import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AdminEraseBodySchema,
  EraseMeBodySchema,
  ErrorCodes,
  PathIdSchema,
  ServerMessages,
  Subjects,
  type UserErasedReply,
  UserErasedReplySchema,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { AdminOnly, Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { clientIp } from '../../http/client-ip.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { RateLimitsService } from '../../rate-limits/rate-limits.service.js';
import { SessionValidityGuard } from '../../sessions/session-validity.guard.js';
import { SessionsService } from '../../sessions/sessions.service.js';

/**
 * Erasure (issue 26): identity deletes the account and announces it; the other services follow from
 * the durable event. Here every session of the account ends at once: identity's answer that the
 * account is gone already ends them on their next request (SessionValidityGuard), and deleting them
 * from Redis frees them now.
 */
@ApiTags('account')
@Controller('api')
export class PrivacyErasureController {
  constructor(
    private readonly identity: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly validity: SessionValidityGuard,
  ) {}

  @Post('me/erase')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Erase the signed-in student’s account (the current password, and a code when two-factor authentication ' +
      'is on): signed out at once, a confirmation is emailed, every service erases its copies',
  })
  @ApiBody({ schema: jsonSchemaOf(EraseMeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Erased', schema: jsonSchemaOf(UserErasedReplySchema) })
  @ApiErrorReplies(400, 401, 403, 429, 503)
  async eraseMe(
    @Body(new ZodBodyPipe(EraseMeBodySchema)) body: z.output<typeof EraseMeBodySchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserErasedReply> {
    const userId = req.session.userId as number;
    // Password (and code) guesses from a stolen session are throttled like code guesses.
    const reply = await this.limits.throttleSecondFactor(userId, clientIp(req), () =>
      this.identity.send(Subjects.identity.eraseMe, { userId, ...body }, req, UserErasedReplySchema),
    );
    await this.endSessions(userId, req, res);
    return reply;
  }

  @Post('admin/users/:id/erase')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      'Erase a student’s account on a verified request, with the reason recorded (who, when, why; no personal ' +
      'data); its sessions end at once. Never an admin’s or a tutor’s account',
  })
  @ApiParam({ name: 'id', type: 'integer', description: 'The student' })
  @ApiBody({ schema: jsonSchemaOf(AdminEraseBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Erased', schema: jsonSchemaOf(UserErasedReplySchema) })
  @ApiErrorReplies(400, 403, 404, 503)
  async eraseUser(
    @Param('id') id: string,
    @Body(new ZodBodyPipe(AdminEraseBodySchema)) body: z.output<typeof AdminEraseBodySchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserErasedReply> {
    const parsed = PathIdSchema.safeParse(id);
    if (!parsed.success) throw ApiError.of(ErrorCodes.notFound, ServerMessages.notFound);
    const reply = await this.identity.send(
      Subjects.identity.eraseUser,
      { userId: parsed.data, reason: body.reason },
      req,
      UserErasedReplySchema,
    );
    await this.endSessions(reply.userId, req, res);
    return reply;
  }

  private async endSessions(userId: number, req: Request, res: Response): Promise<void> {
    this.validity.forget(userId);
    // This request's own session first when it is the erased account's, so express-session cannot save it back.
    if (req.session.userId === userId) await this.sessions.signOut(req, res);
    await this.sessions.endAllForUser(userId);
  }
}

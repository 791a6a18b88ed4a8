import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorCodes,
  SecondFactorChangeBodySchema,
  SecondFactorCodeBodySchema,
  SessionValidityReplySchema,
  Subjects,
  type TotpDisableReply,
  TotpDisableReplySchema,
  type TotpEnableReply,
  TotpEnableReplySchema,
  type TotpSetupReply,
  TotpSetupReplySchema,
  type TotpStatusReply,
  TotpStatusReplySchema,
  type UserDto,
  TotpVerifyReplySchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError, ApiErrors } from '../../filters/api-error.js';
import { clientIp } from '../../http/client-ip.js';
import { ApiErrorReplies, ApiJsonReply, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { RateLimitsService } from '../../rate-limits/rate-limits.service.js';
import type { PendingSecondFactor } from '../../sessions/session-data.js';
import { SessionValidityGuard } from '../../sessions/session-validity.guard.js';
import { SessionsService } from '../../sessions/sessions.service.js';

/** The second step must follow the password within this long, or the password step starts again. */
export const SECOND_FACTOR_PENDING_MS = 10 * 60_000;

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;

type CodeBody = z.output<typeof SecondFactorCodeBodySchema>;
type ChangeBody = z.output<typeof SecondFactorChangeBodySchema>;

/**
 * Two-factor authentication (TOTP) beside the spec's account calls. Enrolment is open to a signed-in
 * user, and to a session held at the enrolment step (a production admin or tutor without TOTP, or an
 * account an admin reset); verification only to a session held at the code step. Re-enrolment, new
 * recovery codes and turning it off take the password and a current code from a signed-in user.
 * Identity acts for the user of the session and decides; every attempt is throttled like a code guess.
 */
@ApiTags('account')
@Controller('api/auth/2fa')
export class TwoFactorController {
  constructor(
    private readonly identity: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly validity: SessionValidityGuard,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'Whether the signed-in user has two-factor authentication on' })
  @ApiResponse({ status: 200, description: 'The status', schema: openApi(TotpStatusReplySchema) })
  @ApiErrorReplies(503)
  status(@Req() req: Request): Promise<TotpStatusReply> {
    return this.identity.send(Subjects.identity.totpStatus, { userId: req.session.userId }, req, TotpStatusReplySchema);
  }

  @Post('setup')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Start enrolment: a new secret, its otpauth URL and QR code (shown only now)' })
  @ApiResponse({ status: 200, description: 'The pending secret', schema: openApi(TotpSetupReplySchema) })
  @ApiErrorReplies(401, 403, 409, 503)
  async setup(@Req() req: Request): Promise<TotpSetupReply> {
    const userId = (await this.enrollingUser(req)).id;
    return this.identity.send(Subjects.identity.totpSetup, { userId }, req, TotpSetupReplySchema);
  }

  @Post('enable')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Confirm enrolment with a code: answers ten recovery codes once; other sessions end, this one is renewed',
  })
  @ApiBody({ schema: openApi(SecondFactorCodeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Enabled', schema: openApi(TotpEnableReplySchema) })
  @ApiErrorReplies(400, 401, 403, 409, 429, 503)
  async enable(
    @Body(new ZodBodyPipe(SecondFactorCodeBodySchema)) body: CodeBody,
    @Req() req: Request,
  ): Promise<TotpEnableReply> {
    return this.confirmAuthenticator(req, await this.enrollingUser(req), Subjects.identity.totpEnable, body.code);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'The second sign-in step: an authenticator or recovery code; signs the session in' })
  @ApiBody({ schema: openApi(SecondFactorCodeBodySchema, 'input') })
  @ApiJsonReply(200, 'UserDto', 'Signed in; the session cookie is set')
  @ApiErrorReplies(400, 401, 429, 503)
  async verify(
    @Body(new ZodBodyPipe(SecondFactorCodeBodySchema)) body: CodeBody,
    @Req() req: Request,
  ): Promise<UserDto> {
    const pending = await this.pending(req, 'verify');
    const { user } = pending;
    await this.throttled(req, user.id, () =>
      this.identity.send(
        Subjects.identity.totpVerify,
        { userId: user.id, code: body.code },
        req,
        TotpVerifyReplySchema,
      ),
    );
    await this.sessions.signIn(req, user);
    return user;
  }

  @Post('re-enrol')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Start moving to a new authenticator (password and a current code): a new secret and QR code; the old one ' +
      'keeps working until POST /api/auth/2fa/re-enrol/confirm',
  })
  @ApiBody({ schema: openApi(SecondFactorChangeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'The new pending secret', schema: openApi(TotpSetupReplySchema) })
  @ApiErrorReplies(400, 409, 429, 503)
  reEnrol(
    @Body(new ZodBodyPipe(SecondFactorChangeBodySchema)) body: ChangeBody,
    @Req() req: Request,
  ): Promise<TotpSetupReply> {
    return this.change(req, Subjects.identity.totpReEnrolSetup, body, TotpSetupReplySchema);
  }

  @Post('re-enrol/confirm')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Confirm the new authenticator with its code: it replaces the old one, ten new recovery codes are answered ' +
      'once; other sessions end, this one is renewed',
  })
  @ApiBody({ schema: openApi(SecondFactorCodeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Replaced', schema: openApi(TotpEnableReplySchema) })
  @ApiErrorReplies(400, 409, 429, 503)
  async reEnrolConfirm(
    @Body(new ZodBodyPipe(SecondFactorCodeBodySchema)) body: CodeBody,
    @Req() req: Request,
  ): Promise<TotpEnableReply> {
    const user = { id: req.session.userId as number, role: req.session.role as UserDto['role'] };
    return this.confirmAuthenticator(req, user, Subjects.identity.totpReEnrolConfirm, body.code);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Replace every recovery code (password and a current code); the new ones are answered once',
  })
  @ApiBody({ schema: openApi(SecondFactorChangeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'The new recovery codes', schema: openApi(TotpEnableReplySchema) })
  @ApiErrorReplies(400, 409, 429, 503)
  regenerateRecoveryCodes(
    @Body(new ZodBodyPipe(SecondFactorChangeBodySchema)) body: ChangeBody,
    @Req() req: Request,
  ): Promise<TotpEnableReply> {
    return this.change(req, Subjects.identity.totpRegenerateRecoveryCodes, body, TotpEnableReplySchema);
  }

  @Post('disable')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Turn two-factor authentication off (password and a current code); refused where it is required',
  })
  @ApiBody({ schema: openApi(SecondFactorChangeBodySchema, 'input') })
  @ApiResponse({ status: 200, description: 'Turned off', schema: openApi(TotpDisableReplySchema) })
  @ApiErrorReplies(400, 403, 409, 429, 503)
  disable(
    @Body(new ZodBodyPipe(SecondFactorChangeBodySchema)) body: ChangeBody,
    @Req() req: Request,
  ): Promise<TotpDisableReply> {
    return this.change(req, Subjects.identity.totpDisable, body, TotpDisableReplySchema);
  }

  /** A lifecycle change for the signed-in user, with the password and code it was given. */
  private change<S extends z.ZodType>(
    req: Request,
    subject: string,
    body: ChangeBody,
    schema: S,
  ): Promise<z.output<S>> {
    const userId = req.session.userId as number;
    return this.throttled(req, userId, () =>
      this.identity.send(subject, { userId, password: body.password, code: body.code }, req, schema),
    );
  }

  /**
   * Turns on the authenticator `code` comes from (a first enrolment or a re-enrolment). Identity ends
   * every session signed in until now; this one goes on under a fresh id.
   */
  private async confirmAuthenticator(
    req: Request,
    user: UserDto | { id: number; role: UserDto['role'] },
    subject: string,
    code: string,
  ): Promise<TotpEnableReply> {
    const reply = await this.throttled(req, user.id, () =>
      this.identity.send(subject, { userId: user.id, code }, req, TotpEnableReplySchema),
    );
    this.validity.forget(user.id);
    await this.sessions.signIn(req, user);
    return reply;
  }

  /** The signed-in user, or the user held at the enrolment step. */
  private async enrollingUser(req: Request): Promise<UserDto | { id: number; role: UserDto['role'] }> {
    if (req.session.userId && req.session.role) return { id: req.session.userId, role: req.session.role };
    return (await this.pending(req, 'enrol')).user;
  }

  /**
   * The session held between the password and the second step. It expires after a few minutes, and
   * it ends when identity's cut-off for the user (a password reset, an admin's reset of the second
   * factor) came after its password step: asked afresh each time, as these steps are few.
   */
  private async pending(req: Request, stage: PendingSecondFactor['stage']): Promise<PendingSecondFactor> {
    const pending = req.session.secondFactor;
    if (!pending || pending.stage !== stage) throw ApiErrors.unauthenticated();
    if (Date.now() - pending.since > SECOND_FACTOR_PENDING_MS || !(await this.stillValid(pending, req))) {
      delete req.session.secondFactor;
      throw ApiErrors.unauthenticated();
    }
    return pending;
  }

  private async stillValid(pending: PendingSecondFactor, req: Request): Promise<boolean> {
    try {
      const { sessionsValidAfter } = await this.identity.send(
        Subjects.identity.sessionValidity,
        { userId: pending.user.id },
        req,
        SessionValidityReplySchema,
      );
      return sessionsValidAfter === null || pending.since > Date.parse(sessionsValidAfter);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCodes.notFound) return false;
      throw error;
    }
  }

  /** Code attempts wait longer after each failure, per account and address; an outage does not count. */
  private throttled<T>(req: Request, userId: number, attempt: () => Promise<T>): Promise<T> {
    return this.limits.throttleSecondFactor(userId, clientIp(req), attempt);
  }
}

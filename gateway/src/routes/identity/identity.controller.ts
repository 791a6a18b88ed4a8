import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorCodes,
  ForgotPasswordBodySchema,
  type LoginSecondFactorReply,
  LoginSecondFactorReplySchema,
  RegisterBodySchema,
  RequestPasswordResetReplySchema,
  ResetPasswordBodySchema,
  ResetPasswordReplySchema,
  secondFactorStage,
  ServerMessages,
  Subjects,
  type UserDto,
  UserDtoSchema,
  type VerifyCredentialsReply,
} from '@medtutor/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Authenticated } from '../../auth/auth.decorators.js';
import { LocalAuthGuard } from '../../auth/local-auth.guard.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError, ApiErrors } from '../../filters/api-error.js';
import { clientIp } from '../../http/client-ip.js';
import { ApiErrorReplies, ApiJsonBody, ApiJsonReply } from '../../http/openapi.js';
import type { MessageReply } from '../../http/replies.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { RateLimitsService } from '../../rate-limits/rate-limits.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config/gateway-config.js';
import { AnySession, SessionValidityGuard } from '../../sessions/session-validity.guard.js';
import { SessionsService } from '../../sessions/sessions.service.js';

/** docs/product.md §7's account calls, answered by the identity service. */
@ApiTags('account')
@Controller('api')
export class IdentityController {
  constructor(
    private readonly identity: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly validity: SessionValidityGuard,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('user')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user, fresh from identity' })
  @ApiJsonReply(200, 'UserDto', 'The current user')
  @ApiErrorReplies(503)
  async currentUser(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserDto> {
    const userId = req.session.userId as number;
    let user: UserDto;
    try {
      user = await this.identity.send(Subjects.identity.getUser, { userId }, req, UserDtoSchema);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ErrorCodes.notFound)) throw error;
      // The account no longer exists: the session must not outlive it.
      await this.sessions.signOut(req, res);
      throw ApiErrors.unauthenticated();
    }
    // A role changed by an admin takes effect for the guards from here on.
    if (req.session.role !== user.role) req.session.role = user.role;
    return user;
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiJsonBody('LoginBody')
  @ApiJsonReply(200, 'UserDto', 'Signed in; the session cookie is set')
  @ApiResponse({
    status: 202,
    description:
      'An account with two-factor authentication: not signed in yet; POST /api/auth/2fa/verify follows ' +
      '(verify), or, for a production admin or tutor without it or an account an admin reset, the ' +
      'enrolment calls (enrol)',
    schema: z.toJSONSchema(LoginSecondFactorReplySchema, { target: 'openapi-3.0' }) as object,
  })
  @ApiErrorReplies(400, 401, 429, 503)
  async login(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto | LoginSecondFactorReply> {
    const verified = req.user as VerifyCredentialsReply;
    // The contract schema strips `totpEnabled`: the spec's answer stays the spec's.
    const user = UserDtoSchema.parse(verified);
    // Anyone enrolled is asked for a code; production staff and accounts an admin reset must enrol.
    const stage = secondFactorStage({
      role: user.role,
      production: this.config.production,
      enrolmentRequired: verified.totpEnrolmentRequired,
      totpEnabled: verified.totpEnabled,
    });
    if (stage === null) {
      await this.sessions.signIn(req, user);
      return user;
    }
    await this.sessions.beginSecondFactor(req, user, stage);
    res.status(202);
    return { secondFactor: stage };
  }

  @Post('register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a student account and sign in' })
  @ApiJsonBody('RegisterBody')
  @ApiJsonReply(201, 'UserDto', 'Account created; the session cookie is set')
  @ApiErrorReplies(400, 409, 429, 503)
  async register(
    @Body(new ZodBodyPipe(RegisterBodySchema)) body: z.output<typeof RegisterBodySchema>,
    @Req() req: Request,
  ): Promise<UserDto> {
    await this.limits.consumeRegistration(clientIp(req));
    const user = await this.identity.send(Subjects.identity.register, body, req, UserDtoSchema);
    await this.sessions.signIn(req, user);
    return user;
  }

  @Post('logout')
  @HttpCode(200)
  @AnySession()
  @ApiOperation({ summary: 'End the session (server-side) and clear the cookie' })
  @ApiJsonReply(200, 'MessageReply', 'Signed out (also when already signed out)')
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageReply> {
    await this.sessions.signOut(req, res);
    return { message: ServerMessages.loggedOut };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email a reset link if the account exists; the answer is the same either way' })
  @ApiJsonBody('ForgotPasswordBody')
  @ApiJsonReply(200, 'MessageReply', 'Accepted')
  @ApiErrorReplies(400, 429, 503)
  async forgotPassword(
    @Body(new ZodBodyPipe(ForgotPasswordBodySchema)) body: z.output<typeof ForgotPasswordBodySchema>,
    @Req() req: Request,
  ): Promise<MessageReply> {
    await this.limits.consumePasswordResetRequest(body.email, clientIp(req));
    await this.identity.send(Subjects.identity.requestPasswordReset, body, req, RequestPasswordResetReplySchema);
    return { message: ServerMessages.resetLinkSent };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with a reset token; ends every session of that user' })
  @ApiJsonBody('ResetPasswordBody')
  @ApiJsonReply(200, 'MessageReply', 'Password changed; all sessions of the user ended')
  @ApiErrorReplies(400, 503)
  async resetPassword(
    @Body(new ZodBodyPipe(ResetPasswordBodySchema)) body: z.output<typeof ResetPasswordBodySchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageReply> {
    // If this answer is lost, identity's "sessions valid after" still ends the sessions (SessionValidityGuard).
    const { userId } = await this.identity.send(Subjects.identity.resetPassword, body, req, ResetPasswordReplySchema);
    this.validity.forget(userId);
    // Destroy this request's own session first when it is the user's, so express-session cannot save it back.
    if (req.session.userId === userId) await this.sessions.signOut(req, res);
    await this.sessions.endAllForUser(userId);
    return { message: ServerMessages.passwordReset };
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ErrorCodes, Subjects, type VerifyCredentialsReply, VerifyCredentialsReplySchema } from '@medtutor/contracts';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { ServiceClient } from '../clients/service-client.js';
import { ApiError } from '../filters/api-error.js';
import { clientIp } from '../http/client-ip.js';
import { RateLimitsService } from '../rate-limits/rate-limits.service.js';

/**
 * Email and password checked by identity, under the login throttling (per email and address, and per
 * address). The answer says whether a second step follows; the controller decides what to sign in.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly identity: ServiceClient,
    private readonly limits: RateLimitsService,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, email: string, password: string): Promise<VerifyCredentialsReply> {
    const ip = clientIp(req);
    await this.limits.consumeLoginAttempt(email, ip);
    try {
      const user = await this.identity.send(
        Subjects.identity.verifyCredentials,
        { email, password },
        req,
        VerifyCredentialsReplySchema,
      );
      await this.limits.loginSucceeded(email, ip);
      return user;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ErrorCodes.invalidCredentials)) {
        await this.limits.loginInconclusive(email, ip);
      }
      throw error;
    }
  }
}

import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes, SessionValidityReplySchema, Subjects } from '@medtutor/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ServiceClient } from '../clients/service-client.js';
import { ApiError } from '../filters/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { markSessionEnded } from './ended-sessions.js';
import './session-data.js';
import { SessionsService } from './sessions.service.js';

/** How long identity's answer is reused: a reset on another replica takes effect within this. */
export const SESSION_VALIDITY_CACHE_MS = 5_000;
/** While identity does not answer, an answer this recent still decides; older, the request gets 503. */
const STALE_ANSWER_MS = 60_000;

const ANY_SESSION = 'session-validity:skip';

/**
 * For routes that must work whatever identity says or whether it answers (logout): the check is
 * skipped, so signing out never waits on identity.
 */
export const AnySession = () => SetMetadata(ANY_SESSION, true);

/** identity's answer: the cut-off (epoch ms, null when none) and whether the account is a dismissed tutor's. */
interface Validity {
  validAfter: number | null;
  deactivated: boolean;
}

interface Known extends Validity {
  at: number;
}

/**
 * Runs before every route's own guards. A signed-in session that began at or before the user's
 * "sessions valid after" time (a password reset or 2FA change in identity), or any session of a
 * tutor whose directory entry is deactivated, is destroyed and the request goes on as a visitor's.
 * This holds even when the gateway never heard the reset's or the deactivation's answer.
 */
@Injectable()
export class SessionValidityGuard implements CanActivate {
  private readonly known = new Map<number, Known>();
  private readonly inFlight = new Map<number, Promise<Validity>>();

  constructor(
    private readonly identity: ServiceClient,
    private readonly sessions: SessionsService,
    private readonly reflector: Reflector,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.get<boolean>(ANY_SESSION, context.getHandler())) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const endedBecause = req.session?.endedBecause;
    if (endedBecause) {
      // A session the gateway ended (a tutor's deactivation): a visitor's, told why on signed-in routes.
      markSessionEnded(req, endedBecause);
      return true;
    }
    const userId = req.session?.userId;
    if (!userId) return true;
    const { validAfter, deactivated } = await this.validity(userId, req);
    if (deactivated) {
      markSessionEnded(req, 'tutor-deactivated');
      await this.sessions.endBecause(req, 'tutor-deactivated');
    } else if (validAfter === undefined || (validAfter !== null && !((req.session.createdAt ?? 0) > validAfter))) {
      await this.sessions.signOut(req, res);
    }
    return true;
  }

  /** Drops this replica's cached answer (after a change made through it). */
  forget(userId: number): void {
    this.known.delete(userId);
  }

  /** validAfter is undefined when the account no longer exists. */
  private async validity(
    userId: number,
    req: Request,
  ): Promise<{ validAfter: number | null | undefined; deactivated: boolean }> {
    const cached = this.known.get(userId);
    if (cached && Date.now() - cached.at < SESSION_VALIDITY_CACHE_MS) return cached;
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = this.fetch(userId, req).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    try {
      const validity = await pending;
      this.remember(userId, validity);
      return validity;
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCodes.notFound) {
        return { validAfter: undefined, deactivated: false };
      }
      if (cached && Date.now() - cached.at < STALE_ANSWER_MS) {
        this.logger.warn({ userId }, 'session validity: identity did not answer, using a recent answer');
        return cached;
      }
      throw error;
    }
  }

  private async fetch(userId: number, req: Request): Promise<Validity> {
    const { sessionsValidAfter, deactivated } = await this.identity.send(
      Subjects.identity.sessionValidity,
      { userId },
      req,
      SessionValidityReplySchema,
    );
    return {
      validAfter: sessionsValidAfter === null ? null : Date.parse(sessionsValidAfter),
      deactivated: deactivated === true,
    };
  }

  private remember(userId: number, validity: Validity): void {
    // Bounded: entries older than the stale window are useless, so a full map is simply cleared.
    if (this.known.size > 50_000) this.known.clear();
    this.known.set(userId, { ...validity, at: Date.now() });
  }
}

import { describe, expect, it, jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ErrorCodes, ServerMessages, TutorDeactivationMessages } from '@medtutor/contracts';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { AuthenticatedGuard, TutorGuard } from '../auth/guards.js';
import type { ServiceClient } from '../clients/service-client.js';
import { ApiError } from '../filters/api-error.js';
import { sessionEndedBecause } from './ended-sessions.js';
import { SessionValidityGuard } from './session-validity.guard.js';
import type { SessionsService } from './sessions.service.js';

/**
 * Issue 24 at the gateway's door: a dismissed tutor's session ends at its next request and the
 * signed-in routes say why; a session the gateway already ended says why without asking identity.
 */
const contextOf = (req: Request) =>
  ({
    getType: () => 'http',
    getHandler: () => () => undefined,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}) }),
  }) as unknown as ExecutionContext;

function guardWith(reply: { sessionsValidAfter: string | null; deactivated?: boolean }) {
  const send = jest.fn(async () => reply);
  const endBecause = jest.fn(async (req: Request, reason: 'tutor-deactivated') => {
    delete req.session.userId;
    delete req.session.role;
    req.session.endedBecause = reason;
  });
  const signOut = jest.fn(async () => undefined);
  const guard = new SessionValidityGuard(
    { send } as unknown as ServiceClient,
    { endBecause, signOut } as unknown as SessionsService,
    { get: () => undefined } as unknown as Reflector,
    { warn: () => undefined } as unknown as Logger,
  );
  return { guard, send, endBecause, signOut };
}

const refusalOf = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

const tutorRequest = (): Request =>
  ({ session: { userId: 5, role: 'tutor', createdAt: Date.now() }, sessionID: 's1' }) as unknown as Request;

describe('SessionValidityGuard and a deactivated tutor', () => {
  it("ends the session identity calls deactivated, and the tutor's routes answer 401 with the reason", async () => {
    const { guard, endBecause, signOut } = guardWith({ sessionsValidAfter: null, deactivated: true });
    const req = tutorRequest();
    expect(await guard.canActivate(contextOf(req))).toBe(true);
    expect(endBecause).toHaveBeenCalledWith(req, 'tutor-deactivated');
    expect(signOut).not.toHaveBeenCalled();
    expect(sessionEndedBecause(req)).toBe('tutor-deactivated');
    for (const routeGuard of [new TutorGuard(), new AuthenticatedGuard()]) {
      const refusal = refusalOf(() => routeGuard.canActivate(contextOf(req)));
      expect(refusal.toBody()).toEqual({
        statusCode: 401,
        code: ErrorCodes.unauthenticated,
        message: TutorDeactivationMessages.deactivated,
      });
    }
  });

  it('says why for a session the gateway already ended, without asking identity', async () => {
    const { guard, send } = guardWith({ sessionsValidAfter: null, deactivated: false });
    const req = { session: { endedBecause: 'tutor-deactivated' }, sessionID: 's2' } as unknown as Request;
    await guard.canActivate(contextOf(req));
    expect(send).not.toHaveBeenCalled();
    expect(refusalOf(() => new TutorGuard().canActivate(contextOf(req))).message).toBe(
      TutorDeactivationMessages.deactivated,
    );
  });

  it('leaves an active tutor signed in, and a plain visitor gets the plain 401', async () => {
    const { guard, endBecause } = guardWith({ sessionsValidAfter: null, deactivated: false });
    const req = tutorRequest();
    await guard.canActivate(contextOf(req));
    expect(endBecause).not.toHaveBeenCalled();
    expect(new TutorGuard().canActivate(contextOf(req))).toBe(true);
    const visitor = { session: {}, sessionID: 's3' } as unknown as Request;
    await guard.canActivate(contextOf(visitor));
    expect(refusalOf(() => new TutorGuard().canActivate(contextOf(visitor))).message).toBe(
      ServerMessages.unauthenticated,
    );
  });
});

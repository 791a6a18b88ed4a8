import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Actor } from '@medtutor/contracts';
import type { Logger } from 'pino';
import { forbidden } from '../errors/domain-error.js';
import { ActorAssertionError, type ActorAssertionVerifier } from './actor-assertion.js';

const sameActor = (claimed: unknown, verified: Actor): boolean => {
  const actor = claimed as Partial<Actor> | null;
  return actor?.userId === verified.userId && actor.role === verified.role && Object.keys(actor).length === 2;
};

/**
 * Runs before every message handler (a global guard set by `startService`): a request that names
 * an actor must carry the gateway's assertion of exactly that actor for this subject, or it is refused
 * with the forbidden error. On success `meta.actor` is the verified actor and the token is removed,
 * so handlers keep reading `meta.actor`. Visitors (no actor, no assertion) pass untouched.
 */
@Injectable()
export class ActorAssertionGuard implements CanActivate {
  constructor(
    private readonly verifier: ActorAssertionVerifier,
    private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'rpc') return true;
    const rpc = context.switchToRpc();
    const meta = (rpc.getData() as { meta?: unknown } | null | undefined)?.meta;
    // Without a meta object there is no actor to trust; parseRequest refuses the request.
    if (meta === null || typeof meta !== 'object') return true;
    const fields = meta as { actor?: unknown; actorAssertion?: unknown; correlationId?: unknown };
    const claimed = fields.actor ?? null;
    if (claimed === null && fields.actorAssertion === undefined) return true;

    const subject = (rpc.getContext() as { getSubject?: () => string } | undefined)?.getSubject?.() ?? '';
    try {
      const verified = await this.verifier.verify(fields.actorAssertion, subject);
      if (!sameActor(claimed, verified)) throw new ActorAssertionError('meta.actor differs from the asserted actor');
      fields.actor = verified;
      delete fields.actorAssertion;
      return true;
    } catch (error) {
      if (!(error instanceof ActorAssertionError)) throw error;
      this.logger.warn(
        { pattern: subject, correlationId: fields.correlationId, reason: error.message },
        'rpc refused: actor not asserted by the gateway',
      );
      throw forbidden();
    }
  }
}

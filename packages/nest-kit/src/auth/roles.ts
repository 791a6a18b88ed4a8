import type { Actor } from '@medtutor/contracts';
import { forbidden, unauthenticated } from '../errors/domain-error.js';

type Role = Actor['role'];

/**
 * The one role check of the services. The gateway checks roles too; a service never relies on it,
 * so every rule starts here: no actor is COMMON.UNAUTHENTICATED, a signed-in actor outside `roles`
 * is COMMON.FORBIDDEN. Returns the actor narrowed to the roles it may have.
 */
export function requireRole<R extends Role>(actor: Actor | null, ...roles: [R, ...R[]]): Actor & { role: R } {
  const signedIn = requireActor(actor);
  if (!(roles as Role[]).includes(signedIn.role)) throw forbidden();
  return signedIn as Actor & { role: R };
}

/** Any signed-in actor; rules that depend on the data (own package, own account) follow in the caller. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

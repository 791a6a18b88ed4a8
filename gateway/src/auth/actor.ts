import type { Actor } from '@medtutor/contracts';
import type { Request } from 'express';
import '../sessions/session-data.js';

/** The signed-in caller as the services see it, or null for a visitor. */
export function actorOf(req: Request): Actor | null {
  const session = req.session;
  return session?.userId && session.role ? { userId: session.userId, role: session.role } : null;
}

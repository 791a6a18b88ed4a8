import type { Role } from '@medtutor/contracts';

/** What a signed-in session holds in Redis; `createdAt` (epoch ms) bounds its absolute lifetime. */
declare module 'express-session' {
  interface SessionData {
    userId: number;
    role: Role;
    createdAt: number;
  }
}

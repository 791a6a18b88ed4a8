import type { Role, UserDto } from '@medtutor/contracts';

/**
 * What a session holds in Redis. Signed in: `userId`, `role` and `createdAt` (epoch ms, the sign-in
 * time: it bounds the absolute lifetime and is compared with identity's "sessions valid after").
 * Between the password and the second step only `secondFactor` is set: every guard sees a visitor.
 */
declare module 'express-session' {
  interface SessionData {
    userId: number;
    role: Role;
    createdAt: number;
    secondFactor: PendingSecondFactor;
    /**
     * Set (with nothing else but the cookie) on every session of an account the gateway ended at
     * once (issue 24): the cookie's next request learns why instead of a bare "not signed in".
     */
    endedBecause: SessionEndReason;
  }
}

/** Why the gateway ended a session that its owner did not sign out of. */
export type SessionEndReason = 'tutor-deactivated';

export interface PendingSecondFactor {
  /** `verify`: a code is due; `enrol`: only the enrolment calls are open (production admins without TOTP). */
  stage: 'verify' | 'enrol';
  user: UserDto;
  /** When the password step passed (epoch ms); the second step must follow within a few minutes. */
  since: number;
}

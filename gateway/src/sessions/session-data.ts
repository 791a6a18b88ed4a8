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
  }
}

export interface PendingSecondFactor {
  /** `verify`: a code is due; `enrol`: only the enrolment calls are open (production admins without TOTP). */
  stage: 'verify' | 'enrol';
  user: UserDto;
  /** When the password step passed (epoch ms); the second step must follow within a few minutes. */
  since: number;
}

import { ErrorCodes, EventTypes } from '@medtutor/contracts';
import { DomainError, newEvent } from '@medtutor/nest-kit';
import type { PasswordHasher } from '../../infra/password-hasher.js';
import { normaliseEmail, toUserRegisteredV1 } from './user.mapping.js';
import type { UsersRepository } from './users.repository.js';

export const ADMIN_USERNAME = 'admin';

export type SeedAdminResult = 'created' | 'exists' | 'username-taken';

/**
 * Creates the configured administrator unless a user already has that email. An existing account
 * is never touched: its password may have been changed since, and that change must survive
 * restarts. Safe to run on every start and from several replicas at once.
 */
export async function seedAdmin(
  users: UsersRepository,
  hasher: PasswordHasher,
  admin: { email: string; password: string },
): Promise<SeedAdminResult> {
  const email = normaliseEmail(admin.email);
  if (await users.findByEmail(email)) return 'exists';
  try {
    await users.createWithEvents(
      { username: ADMIN_USERNAME, email, passwordHash: await hasher.hash(admin.password), role: 'admin' },
      (user) => [newEvent(EventTypes.userRegistered, 1, toUserRegisteredV1(user), null)],
    );
    return 'created';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === ErrorCodes.emailTaken) return 'exists';
    // Either another replica seeded the admin first (its insert hit the username index), or
    // "admin" belongs to an account with a different email.
    if (error.code === ErrorCodes.usernameTaken) return (await users.findByEmail(email)) ? 'exists' : 'username-taken';
    throw error;
  }
}

import type { UserDto, UserRegisteredV1 } from '@medtutor/contracts';
import type { User } from '../../generated/prisma/client.js';

/** Emails are stored lower-cased; every lookup goes through here so case never matters. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Fields are picked one by one, so nothing added to the table (a password hash) leaks by default. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    freeTrialUsed: user.freeTrialUsed,
    role: user.role,
    isAdmin: user.role === 'admin',
  };
}

export function toUserRegisteredV1(user: User): UserRegisteredV1 {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
  };
}

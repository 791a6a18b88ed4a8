import type { StudentNameChangedV1 } from '@medtutor/contracts';
import type { User } from '../../generated/prisma/client.js';

/**
 * Names cannot be edited yet, so every announcement of a student is version 1; the change that lets
 * a name be edited keeps a version on the user and raises it with each edit.
 */
export const STUDENT_NAME_VERSION = 1;

/** The name the tutor portal and payslips show: first and last name, else the username (never the email). */
export function displayNameOf(user: Pick<User, 'username' | 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}

export function toStudentNameChangedV1(
  user: Pick<User, 'id' | 'username' | 'firstName' | 'lastName'>,
): StudentNameChangedV1 {
  return { userId: user.id, name: displayNameOf(user), version: STUDENT_NAME_VERSION };
}

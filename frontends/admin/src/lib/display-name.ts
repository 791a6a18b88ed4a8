import type { UserDto } from '@medtutor/contracts';

/** First and last name as given, or the username when neither was. */
export const fullName = (user: Pick<UserDto, 'firstName' | 'lastName' | 'username'>): string =>
  [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || user.username;

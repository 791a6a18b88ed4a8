import type { UserDto } from '@medtutor/contracts';

/** Spec section 2: the welcome uses the first name, or the username when none was given. */
export const welcomeName = (user: Pick<UserDto, 'firstName' | 'username'>): string =>
  user.firstName?.trim() || user.username;

/** First and last name as given, or the username when neither was. */
export const fullName = (user: Pick<UserDto, 'firstName' | 'lastName' | 'username'>): string =>
  [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || user.username;

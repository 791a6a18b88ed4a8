import type { UserDto } from '@medtutor/contracts';

/** docs/product.md §2: the welcome uses the first name, or the username when none was given. */
export const welcomeName = (user: Pick<UserDto, 'firstName' | 'username'>): string =>
  user.firstName?.trim() || user.username;

import type { UserDto } from '@medtutor/contracts';
import { type PendingPurchase, checkoutPath } from '../../../lib/pending-purchase';
import { areaOf, dashboardPathFor } from './access';

// Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become protocol-relative.
// eslint-disable-next-line no-control-regex
const controlOrSpace = /[\u0000-\u0020\u007f]/;

/**
 * A `redirect` query value we may follow: a path on this origin. Anything starting with "//" or "/\"
 * is treated by browsers as another host, and absolute URLs are refused outright.
 */
export function isSafeRedirect(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  return !controlOrSpace.test(value);
}

/**
 * Where to go after login or registration (docs/product.md §2, auth flow): a saved purchase wins for
 * students (the only buyers), then a safe `redirect`, then the user's own dashboard.
 */
export function postAuthTarget(input: {
  user: UserDto;
  pendingPurchase: PendingPurchase | null;
  redirect: string | null;
}): string {
  const { user, pendingPurchase, redirect } = input;
  if (pendingPurchase && areaOf(user) === 'student') return checkoutPath(pendingPurchase);
  if (isSafeRedirect(redirect)) return redirect;
  return dashboardPathFor(user);
}

import type { CatalogSubject, CurrencyCode, PackageType } from '@medtutor/contracts';
import { checkoutHref } from '../../features/checkout/utils/checkout-params';
import type { PendingPurchase } from '../../lib/pending-purchase';

export interface PurchaseChoice {
  subject: CatalogSubject;
  packageType: PackageType;
  currency: CurrencyCode;
  discountCode?: string;
}

export interface PurchaseTarget {
  path: string;
  /** To remember for the browser session before sending a visitor to sign in. */
  pendingPurchase?: PendingPurchase;
}

/**
 * Where a dialog's Proceed / Buy Now leads (docs/product.md §2): a signed-in buyer straight to /checkout;
 * a visitor to /auth with the checkout path as `redirect`. The saved purchase (subject, package,
 * currency) outranks `redirect` after signing in and has no room for a discount code, so it is only
 * saved when there is no code: otherwise the redirect alone carries the whole purchase.
 */
export function purchaseTarget(choice: PurchaseChoice, signedIn: boolean): PurchaseTarget {
  const path = checkoutHref(choice);
  if (signedIn) return { path };
  const authPath = `/auth?redirect=${encodeURIComponent(path)}`;
  if (choice.discountCode) return { path: authPath };
  const { subject, packageType, currency } = choice;
  return { path: authPath, pendingPurchase: { subject, packageType, currency } };
}

import { type CurrencyCode, CurrencyCodes, type PackageType, PackageTypes } from '@medtutor/contracts';

/** sessionStorage key of a purchase chosen before signing in (docs/product.md §4, checkout flow step 1). */
export const PENDING_PURCHASE_KEY = 'pendingPurchase';

export interface PendingPurchase {
  subject: string;
  packageType: PackageType;
  currency: CurrencyCode;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

/**
 * The purchase with its subject trimmed, or null when it is not one. Checked by hand: three fields do not
 * need zod, which the pages that save or read a purchase (the public ones, /auth) would otherwise load.
 */
function toPendingPurchase(value: unknown): PendingPurchase | null {
  if (typeof value !== 'object' || value === null) return null;
  const { subject, packageType, currency } = value as Record<string, unknown>;
  if (typeof subject !== 'string' || subject.trim() === '') return null;
  if (!isOneOf(PackageTypes, packageType) || !isOneOf(CurrencyCodes, currency)) return null;
  return { subject: subject.trim(), packageType, currency };
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers the purchase for this browser tab, so signing in can lead straight to checkout. */
export function savePendingPurchase(purchase: PendingPurchase, store: SessionStore = window.sessionStorage): void {
  const checked = toPendingPurchase(purchase);
  if (checked === null) throw new TypeError(`Not a purchase: ${JSON.stringify(purchase)}`);
  store.setItem(PENDING_PURCHASE_KEY, JSON.stringify(checked));
}

/**
 * Reads and forgets the saved purchase. A missing, malformed or tampered entry counts as none; storage
 * can be unavailable (private modes, disabled cookies), which also counts as none.
 */
export function takePendingPurchase(store?: SessionStore): PendingPurchase | null {
  try {
    const target = store ?? window.sessionStorage;
    const raw = target.getItem(PENDING_PURCHASE_KEY);
    target.removeItem(PENDING_PURCHASE_KEY);
    if (raw === null) return null;
    return toPendingPurchase(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function checkoutPath(purchase: PendingPurchase): string {
  const query = new URLSearchParams({
    subject: purchase.subject,
    packageType: purchase.packageType,
    currency: purchase.currency,
  });
  return `/checkout?${query.toString()}`;
}

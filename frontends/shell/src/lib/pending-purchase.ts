import { z } from 'zod';
import { CurrencyCodes, PackageTypes } from '@medtutor/contracts';

/** sessionStorage key of a purchase chosen before signing in (spec section 4, checkout flow step 1). */
export const PENDING_PURCHASE_KEY = 'pendingPurchase';

export const PendingPurchaseSchema = z.object({
  subject: z.string().trim().min(1),
  packageType: z.enum(PackageTypes),
  currency: z.enum(CurrencyCodes),
});
export type PendingPurchase = z.infer<typeof PendingPurchaseSchema>;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers the purchase for this browser tab, so signing in can lead straight to checkout. */
export function savePendingPurchase(purchase: PendingPurchase, store: SessionStore = window.sessionStorage): void {
  store.setItem(PENDING_PURCHASE_KEY, JSON.stringify(PendingPurchaseSchema.parse(purchase)));
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
    const parsed = PendingPurchaseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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

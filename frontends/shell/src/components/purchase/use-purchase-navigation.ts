import { useNavigate } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { savePendingPurchase } from '../../lib/pending-purchase';
import { type PurchaseChoice, purchaseTarget } from './purchase-target';

/** Sends a chosen purchase to checkout, or a visitor to sign in first (docs/product.md §2). */
export function usePurchaseNavigation(): (choice: PurchaseChoice) => void {
  const { user } = useSession();
  const navigate = useNavigate();
  return (choice) => {
    const target = purchaseTarget(choice, user !== null);
    if (target.pendingPurchase) {
      try {
        savePendingPurchase(target.pendingPurchase);
      } catch {
        // Storage can be unavailable (private modes); the redirect still carries the purchase.
      }
    }
    void navigate(target.path);
  };
}

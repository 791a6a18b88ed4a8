import { CheckoutPage } from '../../features/checkout/components/checkout-page';

/** /checkout: its own lazy chunk (router.tsx), so public pages never download the payment code. */
export function CheckoutRoute() {
  return <CheckoutPage />;
}

import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { AntdProviders } from '../antd-providers';

/**
 * /checkout: its own lazy chunk (router.tsx), so public pages never download the payment code, nor
 * antd, whose providers it brings along.
 */
export function CheckoutRoute() {
  return (
    <AntdProviders>
      <CheckoutPage />
    </AntdProviders>
  );
}

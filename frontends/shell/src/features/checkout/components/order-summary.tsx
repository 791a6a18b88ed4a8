import type { PaymentIntentDto } from '@medtutor/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { priceDisplay } from '../utils/price-display';

/** What is being bought, at the server's price. */
export function OrderSummary({ intent }: { intent: PaymentIntentDto }) {
  const { price, struckPrice } = priceDisplay(intent);
  return (
    <Card title={<h2 className="checkout__card-title">Order summary</h2>}>
      <Descriptions
        column={1}
        items={[
          { key: 'package', label: 'Package', children: intent.packageName },
          { key: 'subject', label: 'Subject', children: intent.subject },
          { key: 'hours', label: 'Hours', children: intent.hours === 1 ? '1 hour' : `${intent.hours} hours` },
          ...(intent.discountApplied && intent.discountCode
            ? [{ key: 'code', label: 'Discount code', children: intent.discountCode }]
            : []),
          {
            key: 'price',
            label: 'Total',
            children: (
              <span data-testid="checkout-total">
                {struckPrice && (
                  <Typography.Text delete type="secondary" style={{ marginRight: '0.5rem' }}>
                    <span className="visually-hidden">Was </span>
                    {struckPrice}
                  </Typography.Text>
                )}
                <Typography.Text strong>
                  {struckPrice && <span className="visually-hidden">Now </span>}
                  {price}
                </Typography.Text>
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

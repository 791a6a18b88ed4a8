import { Notices } from '@medtutor/contracts';
import { Card, Descriptions, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { type Currency, type PackageType, currencies, packageLabels, packageTypes } from '../../config/catalog';

const isPackageType = (value: string | null): value is PackageType =>
  packageTypes.some((candidate) => candidate === value);
const isCurrency = (value: string | null): value is Currency => currencies.some((candidate) => candidate === value);

/** Spec section 2: reads subject, packageType (default singleSession), currency (default GBP), discountCode. */
export function CheckoutRoute() {
  const [searchParams] = useSearchParams();
  const subject = searchParams.get('subject')?.trim();
  const packageParam = searchParams.get('packageType');
  const currencyParam = searchParams.get('currency');
  const packageType: PackageType = isPackageType(packageParam) ? packageParam : 'singleSession';
  const currency: Currency = isCurrency(currencyParam) ? currencyParam : 'GBP';
  const discountCode = searchParams.get('discountCode')?.trim().toUpperCase();

  if (!subject) {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <Result
          status="error"
          title={<Typography.Title level={1}>Checkout</Typography.Title>}
          subTitle={Notices.checkout.invalidSessionParameters}
          extra={
            <Link to="/" className="button-link">
              Return Home
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <PageTitle title="Checkout" />
      <Typography.Title level={1}>Checkout</Typography.Title>
      <Card title="Your order">
        <Descriptions
          column={1}
          items={[
            { key: 'subject', label: 'Subject', children: subject },
            { key: 'package', label: 'Package', children: packageLabels[packageType] },
            { key: 'currency', label: 'Currency', children: currency },
            ...(discountCode ? [{ key: 'discount', label: 'Discount code', children: discountCode }] : []),
          ]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: '1rem' }}>
        Payment must be completed at least 48 hours before a session. Cancellation is free with 24 hours or more notice.
      </Typography.Paragraph>
    </div>
  );
}

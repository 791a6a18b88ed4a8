import { type CatalogSubject, type CurrencyCode, type PackageType, normaliseDiscountCode } from '@medtutor/contracts';
import { Button, Descriptions, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { listPrice, packageHours, packageName, useCatalog } from '../../lib/catalog';
import { AntdProviders } from '../../app/antd-providers';
import { usePurchaseNavigation } from './use-purchase-navigation';
import { SubjectSelect } from './subject-select';

export interface PackageDialogProps {
  open: boolean;
  onClose: () => void;
  packageType: Exclude<PackageType, 'singleSession'>;
  /** The card's title, shown as the dialog's title. */
  title?: string;
  subject?: CatalogSubject;
  /** The currency the page shows prices in; checkout charges in it too. The catalog's default otherwise. */
  currency?: CurrencyCode;
}

/**
 * Buying a package (docs/product.md §2): choose the subject, optionally enter a discount code, Buy Now.
 * The code is only checked by the server at checkout.
 */
export function PackageDialogContent({
  open,
  onClose,
  packageType,
  title,
  subject: initialSubject,
  currency: chosenCurrency,
}: PackageDialogProps) {
  const { catalog } = useCatalog();
  const currency = chosenCurrency ?? catalog.defaultCurrency;
  const goToCheckout = usePurchaseNavigation();
  const [subject, setSubject] = useState<CatalogSubject | undefined>(initialSubject);
  const [code, setCode] = useState('');
  const name = packageName(catalog, packageType);
  const hours = packageHours(catalog, packageType);
  const price = subject ? listPrice(catalog, subject, packageType, currency) : undefined;

  const buy = () => {
    if (!subject) return;
    onClose();
    const discountCode = normaliseDiscountCode(code);
    goToCheckout({
      subject,
      packageType,
      currency,
      ...(discountCode ? { discountCode } : {}),
    });
  };

  // Its own antd providers: the page around it renders without antd (package-dialog.tsx loads this on first open).
  return (
    <AntdProviders>
      <Modal
        title={title ?? name}
        open={open}
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Flex gap="small" justify="flex-end">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" disabled={!subject} onClick={buy}>
              Buy Now
            </Button>
          </Flex>
        }
      >
        <Form layout="vertical" requiredMark={false} onFinish={buy}>
          <Form.Item label="Subject" htmlFor="package-subject">
            <SubjectSelect id="package-subject" catalog={catalog} value={subject} onChange={setSubject} />
          </Form.Item>
          <Form.Item
            label="Discount code (optional)"
            htmlFor="package-discount-code"
            extra="The code is checked and applied at checkout."
          >
            <Input
              id="package-discount-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              maxLength={64}
            />
          </Form.Item>
          <Descriptions
            title="Package summary"
            bordered
            size="small"
            column={1}
            items={[
              { key: 'package', label: 'Package', children: name },
              { key: 'hours', label: 'Hours', children: hours === undefined ? '' : `${hours} hours of tutoring` },
              {
                key: 'price',
                label: 'Price',
                children: price ?? 'Choose a subject to see the price',
              },
            ]}
          />
        </Form>
      </Modal>
    </AntdProviders>
  );
}

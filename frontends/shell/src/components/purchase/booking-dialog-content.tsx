import type { CatalogSubject, CurrencyCode } from '@medtutor/contracts';
import { Button, Checkbox, Descriptions, Flex, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { listPrice, useCatalog } from '../../lib/catalog';
import { AntdProviders } from '../../app/antd-providers';
import { usePurchaseNavigation } from './use-purchase-navigation';
import { SubjectSelect } from './subject-select';

export interface BookingDialogProps {
  open: boolean;
  onClose: () => void;
  /** Free-trial mode books the free session through the /contact form instead of checkout. */
  freeTrial?: boolean;
  /** Preselects the subject, e.g. on a subject page. */
  subject?: CatalogSubject;
  /** The currency the page shows prices in; checkout charges in it too. The catalog's default otherwise. */
  currency?: CurrencyCode;
}

/**
 * Booking one session (docs/product.md §2 and §4): choose the subject, read the summary, accept the terms
 * and the recording of sessions, then Proceed, disabled until both are done.
 */
export function BookingDialogContent({
  open,
  onClose,
  freeTrial = false,
  subject: initialSubject,
  currency: chosenCurrency,
}: BookingDialogProps) {
  const { catalog } = useCatalog();
  const currency = chosenCurrency ?? catalog.defaultCurrency;
  const navigate = useNavigate();
  const goToCheckout = usePurchaseNavigation();
  const [subject, setSubject] = useState<CatalogSubject | undefined>(initialSubject);
  const [accepted, setAccepted] = useState(false);
  const price = subject ? listPrice(catalog, subject, 'singleSession', currency) : undefined;

  const proceed = () => {
    if (!subject || !accepted) return;
    onClose();
    if (freeTrial) void navigate('/contact');
    else goToCheckout({ subject, packageType: 'singleSession', currency });
  };

  // Its own antd providers: the page around it renders without antd (booking-dialog.tsx loads this on first open).
  return (
    <AntdProviders>
      <Modal
        title={freeTrial ? 'Book Your Free Trial Session' : 'Book a Session'}
        open={open}
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Flex gap="small" justify="flex-end">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" disabled={!subject || !accepted} onClick={proceed}>
              Proceed
            </Button>
          </Flex>
        }
      >
        <Form layout="vertical" requiredMark={false} onFinish={proceed}>
          <Form.Item label="Subject" htmlFor="booking-subject">
            <SubjectSelect id="booking-subject" catalog={catalog} value={subject} onChange={setSubject} />
          </Form.Item>
          <Descriptions
            title="Session summary"
            bordered
            size="small"
            column={1}
            style={{ marginBottom: '1rem' }}
            items={[
              { key: 'subject', label: 'Subject', children: subject ?? 'Not chosen yet' },
              {
                key: 'session',
                label: 'Session',
                children: freeTrial ? 'Free trial, 15-30 minutes' : 'Single session, 1 hour',
              },
              {
                key: 'price',
                label: 'Price',
                children: freeTrial ? 'Free' : (price ?? 'Choose a subject to see the price'),
              },
            ]}
          />
          <Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)}>
            I agree to the{' '}
            <a href="/terms" target="_blank" rel="noopener noreferrer">
              Terms and Conditions
            </a>{' '}
            and consent to my sessions being recorded.
          </Checkbox>
          {!freeTrial && (
            <Typography.Paragraph type="secondary" style={{ marginTop: '1rem', marginBottom: 0 }}>
              You pay securely by card at checkout.
            </Typography.Paragraph>
          )}
        </Form>
      </Modal>
    </AntdProviders>
  );
}

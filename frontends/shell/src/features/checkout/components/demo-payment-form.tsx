import { DemoCards, Notices, PaymentMessages, type PaymentIntentDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { confirmDemoPayment } from '../api/payments';
import { isFutureExpiry } from '../utils/card-expiry';

interface DemoPaymentFormProps {
  intent: PaymentIntentDto;
  /** Checks what the page asks before paying (the terms); false stops the payment. */
  beforeSubmit: () => boolean;
  onPaid: () => void;
  /** The provider closed this payment (declined, or authentication failed): another try needs a new one. */
  onFailed: () => void;
  /** The new payment after a failure is on its way: this one is closed, so the form waits. */
  renewing?: boolean;
}

interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const demoCardList = [
  { number: DemoCards.succeeds, outcome: 'the payment succeeds' },
  { number: DemoCards.declines, outcome: 'the card is declined' },
  { number: DemoCards.requiresAuthentication, outcome: 'the bank asks you to authenticate the payment' },
];

/**
 * The local stand-in for the card provider: no card details leave the form except the number, which
 * picks the outcome. It is labelled so nobody mistakes it for a real payment.
 */
export function DemoPaymentForm({ intent, beforeSubmit, onPaid, onFailed, renewing = false }: DemoPaymentFormProps) {
  const notices = useNotices();
  const [form] = Form.useForm<CardValues>();
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState<string | null>(null);

  const confirm = async (cardNumber: string, authentication?: 'approve' | 'fail') => {
    setBusy(true);
    try {
      const reply = await confirmDemoPayment({
        paymentId: intent.paymentId,
        clientSecret: intent.clientSecret,
        cardNumber,
        ...(authentication ? { authentication } : {}),
      });
      if (reply.status === 'succeeded') {
        setAuthenticating(null);
        onPaid();
      } else if (reply.status === 'requires_action') {
        setAuthenticating(cardNumber);
      } else {
        setAuthenticating(null);
        notices.error(Notices.payment.paymentFailedTitle, undefined, reply.message ?? PaymentMessages.cardDeclined);
        onFailed();
      }
    } catch (error) {
      setAuthenticating(null);
      notices.error(Notices.payment.paymentFailedTitle, error, Notices.payment.unexpected);
    } finally {
      setBusy(false);
    }
  };

  const submit = (values: CardValues) => {
    if (renewing || !beforeSubmit()) return;
    void confirm(values.cardNumber);
  };

  return (
    <div>
      <Alert
        type="info"
        showIcon
        title="Demo payment — no real card is charged"
        description={
          <>
            <p style={{ margin: '0 0 0.5rem' }}>
              Use one of these test card numbers, any future expiry date and any CVC:
            </p>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {demoCardList.map((card) => (
                <li key={card.number}>
                  <code>{groupDigits(card.number)}</code>: {card.outcome}
                </li>
              ))}
            </ul>
          </>
        }
        style={{ marginBottom: '1rem' }}
      />
      {authenticating ? (
        <section aria-labelledby="demo-auth-heading" className="checkout__authentication">
          <h3 id="demo-auth-heading">Authenticate your payment</h3>
          <p>
            Your bank asks you to confirm this payment of {intent.formattedPrice}. In the demo, choose what the bank
            answers.
          </p>
          <Flex gap="small" wrap>
            <Button type="primary" loading={busy} onClick={() => void confirm(authenticating, 'approve')} autoFocus>
              Approve
            </Button>
            <Button danger disabled={busy} onClick={() => void confirm(authenticating, 'fail')}>
              Fail
            </Button>
          </Flex>
        </section>
      ) : (
        <Form<CardValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          name="demo-card"
          aria-label="Demo card payment"
        >
          <Form.Item
            label="Card number"
            name="cardNumber"
            rules={[
              {
                required: true,
                pattern: /^[\d\s-]{12,23}$/,
                message: 'Enter the card number',
              },
            ]}
          >
            <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item
              label="Expiry (MM/YY)"
              name="expiry"
              style={{ flex: '1 1 8rem' }}
              rules={[
                {
                  validator: (_rule, value: string | undefined) =>
                    value && isFutureExpiry(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error('Enter a future expiry date as MM/YY')),
                },
              ]}
            >
              <Input autoComplete="cc-exp" placeholder="12/30" maxLength={7} />
            </Form.Item>
            <Form.Item
              label="CVC"
              name="cvc"
              style={{ flex: '1 1 6rem' }}
              rules={[{ required: true, pattern: /^\d{3,4}$/, message: 'Enter the 3 or 4 digit security code' }]}
            >
              <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" size="large" block loading={busy || renewing}>
            Pay {intent.formattedPrice}
          </Button>
        </Form>
      )}
    </div>
  );
}

import { ConsentMessages, type ConsentState } from '@medtutor/contracts';
import { serverMessage } from '@medtutor/web-kit';
import { Alert, Button, useZodForm } from '@medtutor/web-kit/ui';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { DateOfBirthFields } from '../../../components/date-of-birth-fields';
import { resendConsentRequest, setDateOfBirth, type SetDateOfBirthInput } from '../api/consent';

/**
 * A student aged 13–17 whose guardian has not consented yet (issue 26): the refusal and a way to
 * send the request again; `sent` says a request has just gone out. `onMayPay` runs when the answer says the student may pay after all
 * (they turned 18 meanwhile).
 */
export function ConsentRequired({ sent, onMayPay }: { sent?: string; onMayPay: () => void }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | undefined>(
    sent ? { type: 'success', text: sent } : undefined,
  );

  const resend = async () => {
    setSending(true);
    setOutcome(undefined);
    try {
      const reply = await resendConsentRequest();
      if (reply.state === 'adult') onMayPay();
      else setOutcome({ type: 'success', text: reply.message });
    } catch (error) {
      setOutcome({ type: 'error', text: serverMessage(error) ?? 'The request could not be sent. Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Waiting for your parent or guardian
      </Typography.Title>
      <p role="alert">{ConsentMessages.paymentNeedsConsent}</p>
      <Typography.Paragraph type="secondary">
        Meanwhile you can browse the site and book a free trial session.
      </Typography.Paragraph>
      {outcome && <Alert type={outcome.type} title={outcome.text} />}
      <Button variant="primary" loading={sending} onClick={() => void resend()} style={{ marginTop: 12 }}>
        Send the request again
      </Button>
    </Card>
  );
}

type DateOfBirthFormFields = Partial<Record<'dateOfBirth' | 'guardianName' | 'guardianEmail', string>>;

const loadSchema = () => import('../api/consent-schemas').then((schemas) => schemas.SetDateOfBirthBodySchema);

/** A student registered without a date of birth gives it before the first payment. */
export function DateOfBirthRequired({ onSaved }: { onSaved: (state: ConsentState, message: string) => void }) {
  const [error, setError] = useState<string>();
  const form = useZodForm<DateOfBirthFormFields>({
    initialValues: {},
    loadSchema,
    idPrefix: 'checkout-age',
    onSubmit: async (_values, parsed) => {
      setError(undefined);
      try {
        const reply = await setDateOfBirth(parsed as SetDateOfBirthInput);
        onSaved(reply.state, reply.message);
      } catch (failure) {
        setError(serverMessage(failure) ?? 'Your date of birth could not be saved. Please try again.');
      }
    },
  });
  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Your date of birth
      </Typography.Title>
      <p role="alert">{ConsentMessages.paymentNeedsDateOfBirth}</p>
      <form name="date-of-birth" noValidate onFocusCapture={() => void form.prefetch()} onSubmit={form.handleSubmit}>
        <DateOfBirthFields fieldProps={form.fieldProps} errors={form.errors} dateOfBirth={form.values.dateOfBirth} />
        {error && <Alert type="error" title={error} style={{ marginBottom: 12 }} />}
        <Button variant="primary" type="submit" loading={form.submitting}>
          Save and continue
        </Button>
      </form>
    </Card>
  );
}

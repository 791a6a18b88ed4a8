import { ConsentStateLabels, type StudentConsentDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Flex, Tag } from '@medtutor/web-kit/ui';
import { useState } from 'react';
import { resendGuardianConsent } from '../api/resend-guardian-consent';

const tagColour: Record<StudentConsentDto['state'], 'green' | 'blue' | 'gold' | 'red'> = {
  adult: 'green',
  consent_given: 'blue',
  awaiting_consent: 'gold',
  date_of_birth_missing: 'red',
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

/** A student's standing for payments (issue 26), and for one awaiting consent a way to send the request again. */
export function ConsentStatus({ userId, who, consent }: { userId: number; who: string; consent: StudentConsentDto }) {
  const notices = useNotices();
  const [sending, setSending] = useState(false);
  const label =
    consent.state === 'consent_given' && consent.consentGivenAt
      ? `${ConsentStateLabels.consent_given} ${day(consent.consentGivenAt)}`
      : ConsentStateLabels[consent.state];

  const resend = async () => {
    setSending(true);
    try {
      const reply = await resendGuardianConsent(userId);
      notices.success('Consent request', reply.message);
    } catch (error) {
      notices.error('Consent request not sent', error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex gap="small" wrap align="center">
      <Tag color={tagColour[consent.state]}>{label}</Tag>
      {consent.state === 'awaiting_consent' && (
        <Button
          size="small"
          variant="link"
          loading={sending}
          onClick={() => void resend()}
          aria-label={`Resend consent request for ${who}`}
        >
          Resend consent request
        </Button>
      )}
    </Flex>
  );
}

import { ConsentMessages, type GuardianConsentDetails } from '@medtutor/contracts';
import { serverMessage } from '@medtutor/web-kit';
import { Button, Card, Paragraph, Result, Spinner, Title } from '@medtutor/web-kit/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { getConsentDetails, giveConsent } from '../api/guardian-consent';
import './guardian-consent-page.css';

type Stage =
  | { kind: 'loading' }
  | { kind: 'asking'; details: GuardianConsentDetails; error?: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'done'; message: string };

const expiryDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(new Date(iso));

/** /guardian-consent?token=…: a parent or guardian consents for a student aged 13–17 (issue 26). */
export function GuardianConsentPage({ token }: { token: string | null }) {
  const [stage, setStage] = useState<Stage>(() =>
    token ? { kind: 'loading' } : { kind: 'invalid', message: ConsentMessages.linkIncomplete },
  );
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    getConsentDetails(token).then(
      (details) => current && setStage({ kind: 'asking', details }),
      (error: unknown) =>
        current && setStage({ kind: 'invalid', message: serverMessage(error) ?? ConsentMessages.linkInvalid }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const consent = async (details: GuardianConsentDetails) => {
    if (!token) return;
    setSending(true);
    try {
      const reply = await giveConsent(token);
      setStage({ kind: 'done', message: reply.message });
    } catch (error) {
      setStage({ kind: 'asking', details, error: serverMessage(error) ?? ConsentMessages.linkInvalid });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page page--narrow guardian-consent">
      <PageTitle title="Parent or guardian consent" />
      <Title level={1}>Parent or guardian consent</Title>
      {stage.kind === 'loading' && <Spinner label="Checking your link…" />}
      {stage.kind === 'invalid' && (
        <Result
          status="warning"
          title="This consent link cannot be used"
          subTitle={stage.message}
          extra={
            <Link to="/" className="button-link">
              Go to the home page
            </Link>
          }
        />
      )}
      {stage.kind === 'done' && <Result status="success" title="Consent recorded" subTitle={stage.message} />}
      {stage.kind === 'asking' && (
        <Card>
          <ConsentRequest details={stage.details} />
          {stage.error && (
            <p role="alert" className="guardian-consent__error">
              {stage.error}
            </p>
          )}
          <Button variant="primary" size="large" loading={sending} onClick={() => void consent(stage.details)}>
            I consent
          </Button>
        </Card>
      )}
    </div>
  );
}

function ConsentRequest({ details }: { details: GuardianConsentDetails }) {
  const student = details.studentFirstName;
  return (
    <>
      <Paragraph>Hello {details.guardianName},</Paragraph>
      <Paragraph>
        <strong>{student}</strong> has created an account with <strong>MedPath Tutors</strong>, an online tutoring
        service for students applying to medical school (medical school interviews and medical school support), and
        named you as their parent or guardian. Students under 18 need a parent&apos;s or guardian&apos;s consent before
        they can buy sessions.
      </Paragraph>
      <Paragraph>By consenting you agree that:</Paragraph>
      <ul className="guardian-consent__terms">
        <li>
          {student} may buy tutoring sessions and packages from MedPath Tutors by card, under our{' '}
          <a href="/terms" target="_blank" rel="noopener noreferrer">
            terms
          </a>{' '}
          (payment at least 48 hours before a session; free cancellation with 24 hours&apos; notice);
        </li>
        <li>
          we process {student}&apos;s personal data (account details, purchases, sessions and their recordings) as our{' '}
          <Link to="/privacy-policy">privacy policy</Link> describes.
        </li>
      </ul>
      <Paragraph type="secondary">
        This link works once and expires on {expiryDate(details.expiresAt)}. If you do not want to consent, close this
        page: nothing can be bought without your consent.
      </Paragraph>
    </>
  );
}

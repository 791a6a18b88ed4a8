import { SecondFactorCodeBodySchema, type TotpSetupReply, TwoFactorTexts, Notices } from '@medtutor/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import { enableTwoFactor, startTwoFactorSetup } from '../api/two-factor';

/**
 * TOTP enrolment: a QR code and its key, a code to confirm, then the recovery codes, shown once.
 * `onDone` runs when the user has acknowledged the codes (the session is signed in by then).
 */
export function TwoFactorEnrolment({ required = false, onDone }: { required?: boolean; onDone: () => void }) {
  const notices = useNotices();
  const [setup, setSetup] = useState<TotpSetupReply | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    setBusy(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      notices.error(Notices.dashboards.errorTitle, error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (values: unknown) => {
    setBusy(true);
    try {
      const { recoveryCodes: codes } = await enableTwoFactor(SecondFactorCodeBodySchema.parse(values).code);
      setRecoveryCodes(codes);
      setSetup(null);
      notices.success(TwoFactorTexts.enabledTitle, TwoFactorTexts.enabled);
    } catch (error) {
      notices.error(Notices.dashboards.errorTitle, error);
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  if (!setup) {
    return (
      <Flex vertical gap="middle" align="start">
        {required ? (
          <Alert type="info" showIcon message={TwoFactorTexts.enrolRequired} />
        ) : (
          <Typography.Paragraph>{TwoFactorTexts.disabled}</Typography.Paragraph>
        )}
        <Button type="primary" onClick={begin} loading={busy}>
          {TwoFactorTexts.startSetup}
        </Button>
      </Flex>
    );
  }

  return <ConfirmAuthenticator setup={setup} busy={busy} onConfirm={confirm} />;
}

/** The QR code and key of a new secret, and the code that confirms it (enrolment and re-enrolment). */
export function ConfirmAuthenticator({
  setup,
  busy,
  onConfirm,
  confirmLabel = TwoFactorTexts.confirmButton,
}: {
  setup: TotpSetupReply;
  busy: boolean;
  onConfirm: (values: unknown) => void;
  confirmLabel?: string;
}) {
  return (
    <Form name="two-factor-enable" layout="vertical" validateTrigger="onBlur" onFinish={onConfirm} requiredMark={false}>
      <Typography.Paragraph>{TwoFactorTexts.scanQr}</Typography.Paragraph>
      <img src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
      <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
        {TwoFactorTexts.secretLabel}:{' '}
        <Typography.Text code copyable data-testid="totp-secret">
          {setup.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Form.Item label={TwoFactorTexts.codeLabel} name="code" rules={[zodRule(SecondFactorCodeBodySchema, 'code')]}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ maxWidth: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {confirmLabel}
      </Button>
    </Form>
  );
}

/** Ten recovery codes, shown once; `onDone` when the user says they saved them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{TwoFactorTexts.recoveryCodesTitle}</Typography.Title>
      <Alert type="warning" showIcon message={TwoFactorTexts.recoveryCodesHelp} />
      <ul
        aria-label={TwoFactorTexts.recoveryCodesTitle}
        data-testid="recovery-codes"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 8, padding: 0 }}
      >
        {codes.map((code) => (
          <li key={code} style={{ listStyle: 'none' }}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        {TwoFactorTexts.recoveryCodesSaved}
      </Checkbox>
      <Button type="primary" disabled={!saved} onClick={onDone}>
        Continue
      </Button>
    </Flex>
  );
}

import {
  Notices,
  SecondFactorChangeBodySchema,
  SecondFactorCodeBodySchema,
  SecondFactorLifecycleTexts as T,
  type TotpSetupReply,
  TwoFactorTexts,
} from '@medtutor/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import {
  confirmReEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startReEnrolment,
} from '../api/two-factor-lifecycle';
import { ConfirmAuthenticator, RecoveryCodes } from './two-factor-enrolment';

type Action = 're-enrol' | 'regenerate' | 'disable';

const actions: Record<Action, { button: string; help: string }> = {
  're-enrol': { button: T.reEnrolButton, help: T.reEnrolHelp },
  regenerate: { button: T.regenerateButton, help: T.regenerateHelp },
  disable: { button: T.disableButton, help: T.disableHelp },
};

/**
 * What a user with two-factor authentication on can change: a new authenticator, new recovery codes,
 * or (where it is not required) turning it off. Each asks for the password and a current code first.
 * `onChanged` runs once a change is complete, so the section asks the server for the status again.
 */
export function TwoFactorLifecycle({ required, onChanged }: { required: boolean; onChanged: () => void }) {
  const notices = useNotices();
  const [action, setAction] = useState<Action | null>(null);
  const [setup, setSetup] = useState<TotpSetupReply | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = () => {
    setAction(null);
    setSetup(null);
    setCodes(null);
    onChanged();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notices.error(Notices.dashboards.errorTitle, error);
    } finally {
      setBusy(false);
    }
  };

  const prove = (values: unknown) =>
    run(async () => {
      const body = SecondFactorChangeBodySchema.parse(values);
      if (action === 're-enrol') {
        setSetup(await startReEnrolment(body));
      } else if (action === 'regenerate') {
        setCodes((await regenerateRecoveryCodes(body)).recoveryCodes);
        notices.success(T.regeneratedTitle, TwoFactorTexts.recoveryCodesHelp);
      } else if (action === 'disable') {
        await disableTwoFactor(body);
        notices.success(T.disabledTitle, T.disableHelp);
        finish();
      }
    });

  const confirmNew = (values: unknown) =>
    run(async () => {
      const reply = await confirmReEnrolment(SecondFactorCodeBodySchema.parse(values).code);
      setSetup(null);
      setCodes(reply.recoveryCodes);
      notices.success(T.reEnrolledTitle, TwoFactorTexts.enabled);
    });

  if (codes) return <RecoveryCodes codes={codes} onDone={finish} />;

  if (setup) {
    return (
      <Flex vertical gap="small">
        <Typography.Title level={3}>{T.newAuthenticatorTitle}</Typography.Title>
        <ConfirmAuthenticator setup={setup} busy={busy} onConfirm={confirmNew} confirmLabel={T.newAuthenticatorTitle} />
      </Flex>
    );
  }

  if (action) {
    return (
      <Form
        name={`two-factor-${action}`}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={prove}
        requiredMark={false}
        style={{ maxWidth: 360 }}
      >
        <Typography.Title level={3}>{actions[action].button}</Typography.Title>
        <Typography.Paragraph type="secondary">{actions[action].help}</Typography.Paragraph>
        <Form.Item label={T.passwordLabel} name="password" rules={[zodRule(SecondFactorChangeBodySchema, 'password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={T.currentCodeLabel}
          name="code"
          extra={T.currentCodeHelp}
          rules={[zodRule(SecondFactorChangeBodySchema, 'code')]}
        >
          <Input autoComplete="one-time-code" style={{ maxWidth: 200 }} />
        </Form.Item>
        <Flex gap="small" wrap>
          <Button type="primary" htmlType="submit" loading={busy} danger={action === 'disable'}>
            {T.continueButton}
          </Button>
          <Button onClick={() => setAction(null)} disabled={busy}>
            {T.cancel}
          </Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Flex vertical gap="middle">
      <Alert type="success" showIcon message={TwoFactorTexts.enabled} />
      {required && <Typography.Text type="secondary">{T.requiredNote}</Typography.Text>}
      <Flex gap="small" wrap>
        <Button onClick={() => setAction('re-enrol')}>{T.reEnrolButton}</Button>
        <Button onClick={() => setAction('regenerate')}>{T.regenerateButton}</Button>
        {!required && (
          <Button danger onClick={() => setAction('disable')}>
            {T.disableButton}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

import { Notices, SecondFactorCodeBodySchema, TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '../../../lib/zod-rule';
import { verifySecondFactor } from '../api/two-factor';

/** The sign-in's second step: an authenticator code or a recovery code. */
export function SecondFactorForm({ onVerified }: { onVerified: (user: UserDto) => void }) {
  const notices = useNotices();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: unknown) => {
    setSubmitting(true);
    try {
      onVerified(await verifySecondFactor(SecondFactorCodeBodySchema.parse(values).code));
    } catch (error) {
      notices.error(Notices.auth.loginFailed, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form name="second-factor" layout="vertical" validateTrigger="onBlur" onFinish={submit} requiredMark={false}>
      <Typography.Title level={2}>{TwoFactorTexts.verifyTitle}</Typography.Title>
      <Form.Item
        label={TwoFactorTexts.codeLabel}
        name="code"
        extra={TwoFactorTexts.codeHelp}
        rules={[zodRule(SecondFactorCodeBodySchema, 'code')]}
      >
        <Input autoComplete="one-time-code" autoFocus inputMode="text" spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {TwoFactorTexts.verifyButton}
      </Button>
    </Form>
  );
}

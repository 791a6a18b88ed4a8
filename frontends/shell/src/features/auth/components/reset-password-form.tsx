import { Limits, Notices, ResetPasswordBodySchema } from '@medtutor/contracts';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import { useResetPassword } from '../api/reset-password';

const rule = (field: string) => [zodRule(ResetPasswordBodySchema, field)];

/** New and confirmed password for the token from the emailed link (docs/product.md §2, §4 and §5). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [form] = Form.useForm();
  const { trigger, isMutating } = useResetPassword();
  const notices = useNotices();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth'), Limits.passwordResetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async () => {
    try {
      // The token is held by the form without a field, so it is validated with the rest.
      await trigger(ResetPasswordBodySchema.parse(form.getFieldsValue(true)));
      notices.success(Notices.password.resetSuccessTitle, Notices.password.resetSuccess);
      setDone(true);
    } catch (error) {
      notices.error(Notices.password.resetFailedTitle, error, Notices.password.resetFailed);
    }
  };

  return (
    <Form
      form={form}
      name="reset-password"
      layout="vertical"
      initialValues={{ token }}
      validateTrigger="onBlur"
      onFinish={submit}
      requiredMark={false}
      disabled={done}
    >
      <Form.Item label="New password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirmPassword"
        dependencies={['password']}
        rules={rule('confirmPassword')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isMutating}>
        Reset Password
      </Button>
    </Form>
  );
}

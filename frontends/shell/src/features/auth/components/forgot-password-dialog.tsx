import { ForgotPasswordBodySchema, Notices } from '@medtutor/contracts';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import { AntdProviders } from '../../../app/antd-providers';
import { useRequestPasswordReset } from '../api/forgot-password';

/**
 * antd's Modal, in a chunk of its own: /auth loads it (and antd) only when "Forgot your password?"
 * is about to be used.
 */
export function ForgotPasswordDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <AntdProviders>
      <ForgotPasswordModal {...props} />
    </AntdProviders>
  );
}

function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { trigger, isMutating } = useRequestPasswordReset();
  const notices = useNotices();

  const submit = async (values: unknown) => {
    try {
      await trigger(ForgotPasswordBodySchema.parse(values));
      notices.success(Notices.password.resetLinkSentTitle, Notices.password.resetLinkSent);
      onClose();
    } catch (error) {
      notices.error(Notices.password.requestFailedTitle, error, Notices.password.requestFailed);
    }
  };

  return (
    <Modal title="Forgot Password" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>
        Enter the email address of your account and we will send you a link to choose a new password.
      </Typography.Paragraph>
      <Form
        name="forgot-password"
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={submit}
        requiredMark={false}
        // The contracts message under the field, as on the other forms, not the browser's own bubble.
        noValidate
      >
        <Form.Item label="Email" name="email" rules={[zodRule(ForgotPasswordBodySchema, 'email')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isMutating}>
          Send Reset Link
        </Button>
      </Form>
    </Modal>
  );
}

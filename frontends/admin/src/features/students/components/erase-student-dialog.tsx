import { type AdminUserWithPackagesDto, AdminEraseBodySchema, ErasureTexts as T } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { fullName } from '../../../lib/display-name';
import { eraseStudent } from '../api/erase-student';

/**
 * An admin erases a student's account on a verified request (issue 26): what it does, the reason for
 * the audit record, and a danger button; the student disappears from the list once identity answers.
 */
export function EraseStudentDialog({ user, onClose }: { user: AdminUserWithPackagesDto; onClose: () => void }) {
  const notices = useNotices();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const erase = async () => {
    const parsed = AdminEraseBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      const reply = await eraseStudent(user.id, parsed.data);
      notices.success(T.adminAction, reply.message);
      onClose();
    } catch (error) {
      notices.error(T.adminAction, error, T.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${T.adminConfirmTitle} ${fullName(user)}`}
      okText={T.adminConfirmButton}
      okButtonProps={{ danger: true }}
      onOk={erase}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={T.adminConfirmIntro} style={{ marginBottom: 16 }} />
      <Form layout="vertical" onFinish={erase}>
        <Form.Item
          label={T.adminReasonLabel}
          htmlFor={`erase-reason-${user.id}`}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? T.adminReasonHelp}
          required
        >
          <Input.TextArea
            id={`erase-reason-${user.id}`}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

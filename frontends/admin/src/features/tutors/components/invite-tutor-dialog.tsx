import { InviteTutorBodySchema, type TutorDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { BackOfficeNotices } from '../../../lib/messages';
import { inviteTutorAccount } from '../api/invite-tutor-account';

type Field = 'firstName' | 'lastName' | 'email';
const fields: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: "Tutor's first name", type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: "Tutor's last name", type: 'text', autoComplete: 'off' },
  { name: 'email', label: "Tutor's email", type: 'email', autoComplete: 'off' },
];

/** Gives a directory entry a tutor login: the tutor is emailed a link to set a password. */
export function InviteTutorDialog({ tutor, onClose }: { tutor: TutorDto; onClose: () => void }) {
  const notices = useNotices();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const send = async () => {
    const parsed = InviteTutorBodySchema.safeParse({ ...values, tutorId: tutor.id });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setSending(true);
    try {
      await inviteTutorAccount(parsed.data);
      notices.success(BackOfficeNotices.tutorInvited, BackOfficeNotices.tutorInvitedDetail);
      onClose();
    } catch (error) {
      notices.error(BackOfficeNotices.tutorInviteFailed, error, BackOfficeNotices.tutorInviteFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={`Invite ${tutor.name} to a tutor login`}
      okText="Send Invitation"
      onOk={send}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={send}>
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            label={field.label}
            htmlFor={`tutor-invite-${field.name}`}
            required
            validateStatus={problems[field.name] ? 'error' : undefined}
            help={problems[field.name]}
          >
            <Input
              id={`tutor-invite-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

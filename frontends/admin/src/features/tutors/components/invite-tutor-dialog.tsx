import { type TutorDto, ValidationMessages } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { BackOfficeNotices } from '../../../lib/messages';
import { inviteTutorAccount } from '../api/invite-tutor-account';

const EmailSchema = z.email({ error: ValidationMessages.emailInvalid });

/** Gives a directory entry a tutor login: the tutor is emailed a link to set a password. */
export function InviteTutorDialog({ tutor, onClose }: { tutor: TutorDto; onClose: () => void }) {
  const notices = useNotices();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const parsed = EmailSchema.safeParse(email.trim());
    if (!parsed.success) {
      setProblem(ValidationMessages.emailInvalid);
      return;
    }
    setProblem(undefined);
    setSending(true);
    try {
      await inviteTutorAccount({ tutorId: tutor.id, email: parsed.data });
      notices.success(BackOfficeNotices.tutorInvited, BackOfficeNotices.tutorInvitedDetail);
      onClose();
    } catch (error) {
      notices.error(BackOfficeNotices.tutorInviteFailed, error, BackOfficeNotices.tutorInviteFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title={`Invite ${tutor.name} to a tutor login`} okText="Send Invitation" onOk={send} onCancel={onClose} confirmLoading={sending} destroyOnHidden>
      <Form layout="vertical" onFinish={send}>
        <Form.Item label="Tutor's email" htmlFor="tutor-invite-email" required validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input id="tutor-invite-email" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

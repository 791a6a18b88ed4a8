import type { TutorDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { BackOfficeNotices } from '../../../lib/messages';
import { deactivateTutor } from '../api/deactivate-tutor';
import { reactivateTutor } from '../api/reactivate-tutor';

/**
 * Deactivate (confirmed first) or Reactivate a directory entry (issue 24): deactivation ends the
 * tutor's sign-in and sessions at once; reactivation lets them sign in again.
 */
export function TutorStatusButton({ tutor }: { tutor: TutorDto }) {
  const notices = useNotices();
  const [busy, setBusy] = useState(false);

  const setActive = async (active: boolean) => {
    setBusy(true);
    try {
      if (active) await reactivateTutor(tutor.id);
      else await deactivateTutor(tutor.id);
      notices.success(active ? BackOfficeNotices.tutorReactivated : BackOfficeNotices.tutorDeactivated, tutor.name);
    } catch (error) {
      notices.error(BackOfficeNotices.tutorStatusFailed, error, BackOfficeNotices.tutorStatusFailed);
    } finally {
      setBusy(false);
    }
  };

  return tutor.active ? (
    <Popconfirm
      title={`Deactivate ${tutor.name}?`}
      description="They are signed out and can no longer sign in; their packages are flagged for reassignment."
      okText="Deactivate"
      okButtonProps={{ danger: true }}
      onConfirm={() => setActive(false)}
    >
      <Button size="small" danger loading={busy} aria-label={`Deactivate ${tutor.name}`}>
        Deactivate
      </Button>
    </Popconfirm>
  ) : (
    <Button size="small" loading={busy} onClick={() => setActive(true)} aria-label={`Reactivate ${tutor.name}`}>
      Reactivate
    </Button>
  );
}

import { type TutorStudentPackageDto, DeliveredSessionBodySchema, SessionDurationsHours } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { BackOfficeNotices } from '../../../lib/messages';
import { remainingHours } from '../../students';
import { logDeliveredSession } from '../api/log-delivered-session';

const today = () => new Date().toISOString().slice(0, 10);

/** Log a delivered session (date, 1/1.5/2 h, notes); its hours leave the student's package. */

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;
export function LogSessionDialog({
  pkg,
  label,
  onClose,
}: {
  pkg: TutorStudentPackageDto;
  label: string;
  onClose: () => void;
}) {
  const notices = useNotices();
  const left = remainingHours(pkg);
  const [date, setDate] = useState(today());
  const [durationHours, setDuration] = useState<number | undefined>(
    SessionDurationsHours.find((hours) => hours <= left),
  );
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = DeliveredSessionBodySchema.safeParse({ date, durationHours, notes: notes.trim() || undefined });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      await logDeliveredSession(pkg.id, parsed.data);
      notices.success(BackOfficeNotices.sessionLogged, BackOfficeNotices.sessionLoggedDetail);
      onClose();
    } catch (error) {
      notices.error(BackOfficeNotices.sessionLogFailed, error, BackOfficeNotices.sessionLogFailed);
    } finally {
      setSaving(false);
    }
  };

  const id = (field: string) => `log-${pkg.id}-${field}`;
  return (
    <Modal
      open
      title={`Log a session: ${label}, ${pkg.subject}`}
      okText="Log Session"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label="Date"
          htmlFor={id('date')}
          required
          validateStatus={problems.date ? 'error' : undefined}
          help={problems.date}
        >
          <Input
            id={id('date')}
            type="date"
            max={today()}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Duration"
          htmlFor={id('duration')}
          required
          validateStatus={problems.durationHours ? 'error' : undefined}
          help={problems.durationHours ?? `${left} hours left on this package.`}
        >
          <Select
            id={id('duration')}
            value={durationHours}
            onChange={(value: number) => setDuration(value)}
            options={SessionDurationsHours.map((hours) => ({
              value: hours,
              label: hours > left ? `${hoursText(hours)} (Insufficient hours)` : hoursText(hours),
              disabled: hours > left,
            }))}
          />
        </Form.Item>
        <Form.Item label="Notes" htmlFor={id('notes')}>
          <Input.TextArea
            id={id('notes')}
            rows={3}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

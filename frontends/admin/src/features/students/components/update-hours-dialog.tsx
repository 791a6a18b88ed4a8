import { type PackageDto, HoursStep, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { updateUsage } from '../api/update-usage';
import { parseUsedHours } from '../utils/hours';

const N = Notices.dashboards;

/** Update Hours: the package's used hours, 0..total in steps of 0.5, with a reason for the ledger. */
export function UpdateHoursDialog({ pkg, onClose }: { pkg: PackageDto; onClose: () => void }) {
  const notices = useNotices();
  const [usedHours, setUsedHours] = useState<number | null>(pkg.usedHours);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = parseUsedHours(usedHours, pkg.totalHours);
    if (parsed.kind === 'blank') return;
    if (parsed.kind === 'invalid') {
      notices.error(N.invalidHoursTitle, undefined, parsed.message);
      return;
    }
    setSaving(true);
    try {
      await updateUsage(pkg.id, { usedHours: parsed.usedHours, reason: reason.trim() || undefined });
      notices.success(N.hoursUpdatedTitle, N.hoursUpdated);
      onClose();
    } catch (error) {
      notices.error(N.errorTitle, error, N.hoursFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`Update Hours: ${pkg.subject}, ${pkg.packageName}`}
      okText="Save Hours"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label={`Used hours (0 to ${pkg.totalHours})`}
          htmlFor={`used-hours-${pkg.id}`}
          extra={`Steps of ${HoursStep} hours. Leave blank to change nothing.`}
        >
          <InputNumber
            id={`used-hours-${pkg.id}`}
            min={0}
            max={pkg.totalHours}
            step={HoursStep}
            value={usedHours}
            onChange={(value) => setUsedHours(value)}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="Reason (kept in the hours ledger)" htmlFor={`hours-reason-${pkg.id}`}>
          <Input.TextArea
            id={`hours-reason-${pkg.id}`}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type PackageDto, ExamDateBodySchema, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { updateExamDate } from '../api/update-exam-date';

const N = Notices.dashboards;

/** Set/Update exam date for one package. */
export function ExamDateDialog({ pkg, onClose }: { pkg: PackageDto; onClose: () => void }) {
  const notices = useNotices();
  const [examDate, setExamDate] = useState(pkg.examDate ?? '');
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = ExamDateBodySchema.safeParse({ examDate });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setSaving(true);
    try {
      await updateExamDate(pkg.id, parsed.data);
      notices.success(N.examDateUpdated);
      onClose();
    } catch (error) {
      notices.error(N.errorTitle, error, N.examDateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${pkg.examDate ? 'Update' : 'Set'} exam date: ${pkg.subject}`}
      okText="Save Exam Date"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label="Exam date"
          htmlFor={`exam-date-${pkg.id}`}
          validateStatus={problem ? 'error' : undefined}
          help={problem}
          required
        >
          <Input
            id={`exam-date-${pkg.id}`}
            type="date"
            value={examDate}
            onChange={(event) => setExamDate(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

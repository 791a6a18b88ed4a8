import { ConsultationSubjects, Notices, type SessionPackageDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Form, Input, Select } from 'antd';
import { useId } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { useUpdateSubjectExamDate } from '../api/update-exam-date';
import { ExamDateFormSchema, packagesForSubject } from '../utils/exam-date-form';

const rule = (field: 'subject' | 'examDate') => ({
  validator: async (_: unknown, value: unknown) => {
    const issue = ExamDateFormSchema.shape[field].safeParse(value).error?.issues[0];
    if (issue) throw new Error(issue.message);
  },
});

const subjectOptions = ConsultationSubjects.map((subject) => ({ value: subject, label: subject }));

interface ExamDateCardProps {
  packages: SessionPackageDto[];
  open: boolean;
  onToggle: (open: boolean) => void;
}

/** Spec section 2's exam-date card: a toggle opens the subject + date form. */
export function ExamDateCard({ packages, open, onToggle }: ExamDateCardProps) {
  const [form] = Form.useForm();
  const notices = useNotices();
  const { trigger, isMutating } = useUpdateSubjectExamDate();
  const formId = useId();

  const submit = async (values: unknown) => {
    const { subject, examDate } = ExamDateFormSchema.parse(values);
    const sessionIds = packagesForSubject(packages, subject);
    if (sessionIds.length === 0) {
      notices.error(Notices.dashboards.errorTitle, undefined, Notices.dashboards.subjectNotFound);
      return;
    }
    try {
      await trigger({ sessionIds, examDate });
      notices.success(Notices.dashboards.examDateUpdated);
      form.resetFields();
      onToggle(false);
    } catch (error) {
      notices.error(Notices.dashboards.errorTitle, error, Notices.dashboards.examDateFailed);
    }
  };

  return (
    <Card
      id="exam-date"
      title={<SectionTitle>Exam Date</SectionTitle>}
      extra={
        <Button aria-expanded={open} aria-controls={formId} onClick={() => onToggle(!open)}>
          {open ? 'Cancel' : 'Set Exam Date'}
        </Button>
      }
    >
      {open ? (
        <Form
          id={formId}
          form={form}
          name="exam-date"
          layout="vertical"
          onFinish={submit}
          requiredMark="optional"
          style={{ maxWidth: 480 }}
        >
          <Form.Item label="Subject" name="subject" required rules={[rule('subject')]}>
            <Select options={subjectOptions} placeholder="Choose a subject" />
          </Form.Item>
          <Form.Item label="Exam date" name="examDate" required rules={[rule('examDate')]}>
            <Input type="date" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isMutating}>
            Save Exam Date
          </Button>
        </Form>
      ) : (
        <p id={formId} style={{ margin: 0 }}>
          Set the date of your exam to see a countdown and how many hours a week to plan.
        </p>
      )}
    </Card>
  );
}

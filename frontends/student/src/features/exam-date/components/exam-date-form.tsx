import { ConsultationSubjects, Notices, type PackageDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { AntdRoot } from '@medtutor/web-kit/antd';
import { Button, Form, Input, Select } from 'antd';
import { useUpdateSubjectExamDate } from '../api/update-exam-date';
import { ExamDateFormSchema, packagesForSubject } from '../utils/exam-date-form';

const rule = (field: 'subject' | 'examDate') => ({
  validator: async (_: unknown, value: unknown) => {
    const issue = ExamDateFormSchema.shape[field].safeParse(value).error?.issues[0];
    if (issue) throw new Error(issue.message);
  },
});

const subjectOptions = ConsultationSubjects.map((subject) => ({ value: subject, label: subject }));

interface ExamDateFormProps {
  id: string;
  packages: PackageDto[];
  /** After a saved date: the card closes the form. */
  onSaved: () => void;
}

/** The subject + date form of the exam-date card, loaded when the card is opened. */
export function ExamDateForm({ id, packages, onSaved }: ExamDateFormProps) {
  const [form] = Form.useForm();
  const notices = useNotices();
  const { trigger, isMutating } = useUpdateSubjectExamDate();

  const submit = async (values: unknown) => {
    const { subject, examDate } = ExamDateFormSchema.parse(values);
    const packageIds = packagesForSubject(packages, subject);
    if (packageIds.length === 0) {
      notices.error(Notices.dashboards.errorTitle, undefined, Notices.dashboards.subjectNotFound);
      return;
    }
    try {
      await trigger({ packageIds, examDate });
      notices.success(Notices.dashboards.examDateUpdated);
      form.resetFields();
      onSaved();
    } catch (error) {
      notices.error(Notices.dashboards.errorTitle, error, Notices.dashboards.examDateFailed);
    }
  };

  // antd's own root: the dashboard around it is drawn without antd.
  return (
    <AntdRoot>
      <Form
        id={id}
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
    </AntdRoot>
  );
}

import { ConsultationBodySchema, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { ContactFields } from '../../../components/contact-fields';
import { zodRule } from '../../../lib/zod-rule';
import { useCreateConsultation } from '../api/create-consultation';
import { consultationSubjectOptions, toConsultationBody } from '../utils/consultation-body';

const rule = (field: string) => [zodRule(ConsultationBodySchema, field)];

/** The home page's consultation request (spec sections 2 and 5), checked with the server's own schema. */
export function ConsultationForm() {
  const [form] = Form.useForm();
  const notices = useNotices();
  const { trigger, isMutating } = useCreateConsultation();
  const { consultation } = Notices;

  const submit = async (values: unknown) => {
    try {
      const reply = await trigger(toConsultationBody(values));
      notices.success(consultation.homeSuccessTitle, reply.message || consultation.homeSuccess);
      form.resetFields();
    } catch (error) {
      notices.error(consultation.errorTitle, error, consultation.homeFailed);
    }
  };

  return (
    <Form
      form={form}
      name="consultation"
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={submit}
      requiredMark="optional"
      initialValues={{ isParent: false }}
    >
      <ContactFields rule={rule} emailRequired={false} />
      <Form.Item label="Subject" name="subjectInterest" required rules={rule('subjectInterest')}>
        <Select options={consultationSubjectOptions} placeholder="Choose a subject" />
      </Form.Item>
      <Form.Item label="Additional information" name="additionalInfo" rules={rule('additionalInfo')}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item name="isParent" valuePropName="checked">
        <Checkbox>I am a parent or guardian requesting for my child</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={isMutating}>
        Request Consultation
      </Button>
    </Form>
  );
}

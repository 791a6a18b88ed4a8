import { FreeTrialBodySchema, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { ContactFields } from '../../../components/contact-fields';
import { zodRule } from '../../../lib/zod-rule';
import { useRequestFreeTrial } from '../api/request-free-trial';
import { freeTrialSubjectOptions, toFreeTrialBody } from '../utils/free-trial-body';

const rule = (field: string) => [zodRule(FreeTrialBodySchema, field)];

/** The /contact free-trial request: the consultation fields under the stricter free-trial rules. */
export function FreeTrialForm() {
  const [form] = Form.useForm();
  const notices = useNotices();
  const { trigger, isMutating } = useRequestFreeTrial();
  const { consultation } = Notices;

  const submit = async (values: unknown) => {
    try {
      await trigger(toFreeTrialBody(values));
      notices.success(consultation.freeTrialSuccessTitle, consultation.freeTrialSuccess);
      form.resetFields();
    } catch {
      // Spec section 8: this form shows its own failure text, not the server's.
      notices.error(consultation.errorTitle, undefined, consultation.freeTrialFailed);
    }
  };

  return (
    <Form
      form={form}
      name="free-trial"
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={submit}
      requiredMark="optional"
      initialValues={{ isParent: false }}
    >
      <ContactFields rule={rule} emailRequired={true} />
      <Form.Item label="Subject" name="subjectInterest" required rules={rule('subjectInterest')}>
        <Select options={freeTrialSubjectOptions} placeholder="Choose a subject" />
      </Form.Item>
      <Form.Item
        label="Additional information"
        name="additionalInfo"
        rules={rule('additionalInfo')}
        extra="Tell us about your goals. Left empty, we note that you would like a free trial for the subject."
      >
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item name="isParent" valuePropName="checked">
        <Checkbox>I am a parent or guardian requesting for my child</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={isMutating}>
        Request Free Trial
      </Button>
    </Form>
  );
}

import { ConsultationBodySchema, Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Checkbox, Col, Form, Input, Row, Select } from 'antd';
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
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="First name" name="firstName" required rules={rule('firstName')}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last name" name="lastName" required rules={rule('lastName')}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Email" name="email" rules={rule('email')}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Phone" name="phone" required rules={rule('phone')}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>
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

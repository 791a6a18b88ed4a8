import { Notices, SubmitTestimonialBodySchema, TestimonialLimits, TestimonialRatingLabels } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { useSubmitTestimonial } from '../api/submit-testimonial';

const rule = (field: string) => [zodRule(SubmitTestimonialBodySchema, field)];
const ratingOptions = TestimonialRatingLabels.map(({ value, label }) => ({ value, label: `${value} - ${label}` }));

/** Spec sections 5 and 8: checked with the server's own schema; the email is for verification only. */
export function TestimonialForm() {
  const [form] = Form.useForm();
  const notices = useNotices();
  const { trigger, isMutating } = useSubmitTestimonial();
  const N = Notices.testimonials;

  const submit = async (values: unknown) => {
    try {
      await trigger(SubmitTestimonialBodySchema.parse(values));
      notices.success(N.submittedTitle, N.submitted);
      form.resetFields();
    } catch (error) {
      notices.error(N.submissionFailed, error, N.tryAgainLater);
    }
  };

  return (
    <Form
      form={form}
      name="testimonial"
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={submit}
      requiredMark="optional"
      initialValues={{ rating: TestimonialLimits.ratingDefault }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Name" name="name" required rules={rule('name')}>
            <Input autoComplete="name" maxLength={TestimonialLimits.nameMax} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Email"
            name="email"
            required
            rules={rule('email')}
            extra="Used only to verify your story; never shown publicly."
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Title" name="title" required rules={rule('title')}>
        <Input maxLength={TestimonialLimits.titleMax} />
      </Form.Item>
      <Form.Item label="Your experience" name="content" required rules={rule('content')}>
        <Input.TextArea rows={4} maxLength={TestimonialLimits.contentMax} />
      </Form.Item>
      <Form.Item label="Rating" name="rating" required rules={rule('rating')}>
        <Select options={ratingOptions} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={isMutating}>
        Submit Your Story
      </Button>
    </Form>
  );
}

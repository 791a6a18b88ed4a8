import { Col, Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';

/**
 * Name, email and phone: the contact fields the home consultation form and the /contact free-trial
 * form share. Each form passes its own rules (spec section 5: the free trial needs an email and a
 * longer phone number).
 */
export function ContactFields({
  rule,
  emailRequired,
}: {
  rule: (field: string) => FormRule[];
  emailRequired: boolean;
}) {
  return (
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
        <Form.Item label="Email" name="email" required={emailRequired} rules={rule('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Phone" name="phone" required rules={rule('phone')}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
      </Col>
    </Row>
  );
}

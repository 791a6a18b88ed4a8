import { RegisterBodySchema, type UserDto } from '@medtutor/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/zod-rule';
import { useSession } from '../hooks/use-session';

const rule = (field: string) => [zodRule(RegisterBodySchema, field)];

export function RegisterForm({ onRegistered }: { onRegistered: (user: UserDto) => void }) {
  const { register } = useSession();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: unknown) => {
    setSubmitting(true);
    const user = await register(RegisterBodySchema.parse(values));
    setSubmitting(false);
    if (user) onRegistered(user);
  };

  return (
    <Form name="register" layout="vertical" validateTrigger="onBlur" onFinish={submit} requiredMark="optional">
      <Form.Item label="Username" name="username" required rules={rule('username')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Email" name="email" required rules={rule('email')}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" required rules={rule('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="First name" name="firstName" rules={rule('firstName')}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Phone" name="phone" rules={rule('phone')}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        Create Account
      </Button>
    </Form>
  );
}

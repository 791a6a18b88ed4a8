import { type LoginSecondFactorReply, LoginBodySchema, type UserDto } from '@medtutor/contracts';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/zod-rule';
import { needsSecondFactor } from '../api/login';
import { useSession } from '../hooks/use-session';

export function LoginForm({
  onSignedIn,
  onSecondFactor,
  onForgotPassword,
}: {
  onSignedIn: (user: UserDto) => void;
  /** The password was right; an admin's or tutor's sign-in continues with a code or the enrolment. */
  onSecondFactor: (stage: LoginSecondFactorReply['secondFactor']) => void;
  onForgotPassword: () => void;
}) {
  const { login } = useSession();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: unknown) => {
    setSubmitting(true);
    let answer: Awaited<ReturnType<typeof login>>;
    try {
      answer = await login(LoginBodySchema.parse(values));
    } finally {
      // Whatever happens, the button must not stay busy: a spinning Login cannot be pressed again.
      setSubmitting(false);
    }
    if (answer && needsSecondFactor(answer)) onSecondFactor(answer.secondFactor);
    else if (answer) onSignedIn(answer);
  };

  return (
    <Form name="login" layout="vertical" validateTrigger="onBlur" onFinish={submit} requiredMark={false}>
      <Form.Item label="Email" name="email" rules={[zodRule(LoginBodySchema, 'email')]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(LoginBodySchema, 'password')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Flex vertical gap="small">
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Login
        </Button>
        <Button type="link" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      </Flex>
    </Form>
  );
}

import type { LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import { Button, Field, Flex, Input, PasswordInput, useZodForm } from '@medtutor/web-kit/ui';
import { type LoginInput, needsSecondFactor } from '../api/login';
import { useSession } from '../hooks/use-session';

const loadLoginSchema = () => import('../utils/auth-schemas').then((schemas) => schemas.LoginBodySchema);

export function LoginForm({
  onSignedIn,
  onSecondFactor,
  onForgotPassword,
  onForgotPasswordIntent,
  forgotPasswordLoading = false,
}: {
  onSignedIn: (user: UserDto) => void;
  /** The password was right; an admin's or tutor's sign-in continues with a code or the enrolment. */
  onSecondFactor: (stage: LoginSecondFactorReply['secondFactor']) => void;
  onForgotPassword: () => void;
  /** The pointer or focus reached "Forgot your password?": time to fetch the dialog before the click. */
  onForgotPasswordIntent?: () => void;
  /** The dialog's code is still downloading. */
  forgotPasswordLoading?: boolean;
}) {
  const { login } = useSession();
  // The form's `submitting` is cleared in a `finally` whatever the answer, so a refused attempt
  // always leaves a Login button that can be pressed again.
  const form = useZodForm({
    initialValues: { email: '', password: '' },
    loadSchema: loadLoginSchema,
    idPrefix: 'login',
    onSubmit: async (_values, parsed) => {
      const answer = await login(parsed as LoginInput);
      if (answer && needsSecondFactor(answer)) onSecondFactor(answer.secondFactor);
      else if (answer) onSignedIn(answer);
    },
  });
  const email = form.fieldProps('email');
  const password = form.fieldProps('password');

  return (
    <form name="login" noValidate onFocusCapture={() => void form.prefetch()} onSubmit={form.handleSubmit}>
      <Field label="Email" htmlFor={email.id} error={form.errors.email}>
        <Input {...email} type="email" autoComplete="email" />
      </Field>
      <Field label="Password" htmlFor={password.id} error={form.errors.password}>
        <PasswordInput {...password} autoComplete="current-password" />
      </Field>
      <Flex vertical gap="small">
        <Button variant="primary" type="submit" block loading={form.submitting}>
          Login
        </Button>
        <Button
          variant="link"
          loading={forgotPasswordLoading}
          onClick={onForgotPassword}
          onPointerEnter={onForgotPasswordIntent}
          onFocus={onForgotPasswordIntent}
        >
          Forgot your password?
        </Button>
      </Flex>
    </form>
  );
}

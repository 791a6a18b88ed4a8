import type { UserDto } from '@medtutor/contracts';
import { Button, Field, Input, PasswordInput, useZodForm } from '@medtutor/web-kit/ui';
import { DateOfBirthFields } from '../../../components/date-of-birth-fields';
import type { RegisterInput } from '../api/register';
import { useSession } from '../hooks/use-session';

type RegisterFields = Partial<
  Record<
    'username' | 'email' | 'password' | 'firstName' | 'phone' | 'dateOfBirth' | 'guardianName' | 'guardianEmail',
    string
  >
>;
// Fields start undefined, not '': an untouched password then reads "Password is required" (the
// schema's message for a missing value), as under antd, rather than the minimum length.
const untouched: RegisterFields = {};

/** The API's body with the date of birth required (issue 26): the form always asks for it. */
const loadRegisterSchema = () => import('../utils/auth-schemas').then((schemas) => schemas.RegisterFormSchema);

export function RegisterForm({ onRegistered }: { onRegistered: (user: UserDto) => void }) {
  const { register } = useSession();
  const form = useZodForm({
    initialValues: untouched,
    loadSchema: loadRegisterSchema,
    idPrefix: 'register',
    onSubmit: async (_values, parsed) => {
      const user = await register(parsed as RegisterInput);
      if (user) onRegistered(user);
    },
  });
  const username = form.fieldProps('username');
  const email = form.fieldProps('email');
  const password = form.fieldProps('password');
  const firstName = form.fieldProps('firstName');
  const phone = form.fieldProps('phone');

  // Like antd's requiredMark="optional": the required fields carry no mark, the others "(optional)".
  return (
    <form name="register" noValidate onFocusCapture={() => void form.prefetch()} onSubmit={form.handleSubmit}>
      <Field label="Username" htmlFor={username.id} error={form.errors.username}>
        <Input {...username} autoComplete="username" aria-required />
      </Field>
      <Field label="Email" htmlFor={email.id} error={form.errors.email}>
        <Input {...email} type="email" autoComplete="email" aria-required />
      </Field>
      <Field label="Password" htmlFor={password.id} error={form.errors.password}>
        <PasswordInput {...password} autoComplete="new-password" aria-required />
      </Field>
      <DateOfBirthFields fieldProps={form.fieldProps} errors={form.errors} dateOfBirth={form.values.dateOfBirth} />
      <Field label="First name" htmlFor={firstName.id} optional error={form.errors.firstName}>
        <Input {...firstName} autoComplete="given-name" />
      </Field>
      <Field label="Phone" htmlFor={phone.id} optional error={form.errors.phone}>
        <Input {...phone} type="tel" autoComplete="tel" />
      </Field>
      <Button variant="primary" type="submit" block loading={form.submitting}>
        Create Account
      </Button>
    </form>
  );
}

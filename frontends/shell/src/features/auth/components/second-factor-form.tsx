import { Notices, TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Field, Input, Title, useZodForm } from '@medtutor/web-kit/ui';
import { verifySecondFactor } from '../api/two-factor';

const loadCodeSchema = () => import('../utils/auth-schemas').then((schemas) => schemas.SecondFactorCodeBodySchema);

/** The sign-in's second step: an authenticator code or a recovery code. */
export function SecondFactorForm({ onVerified }: { onVerified: (user: UserDto) => void }) {
  const notices = useNotices();
  const form = useZodForm({
    initialValues: { code: '' },
    loadSchema: loadCodeSchema,
    idPrefix: 'second-factor',
    onSubmit: async (_values, parsed) => {
      try {
        onVerified(await verifySecondFactor((parsed as { code: string }).code));
      } catch (error) {
        notices.error(Notices.auth.loginFailed, error);
      }
    },
  });
  const code = form.fieldProps('code');

  return (
    <form name="second-factor" noValidate onFocusCapture={() => void form.prefetch()} onSubmit={form.handleSubmit}>
      <Title level={2}>{TwoFactorTexts.verifyTitle}</Title>
      <Field
        label={TwoFactorTexts.codeLabel}
        htmlFor={code.id}
        error={form.errors.code}
        extra={TwoFactorTexts.codeHelp}
      >
        <Input {...code} autoComplete="one-time-code" autoFocus inputMode="text" spellCheck={false} />
      </Field>
      <Button variant="primary" type="submit" block loading={form.submitting}>
        {TwoFactorTexts.verifyButton}
      </Button>
    </form>
  );
}

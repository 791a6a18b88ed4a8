import { ErasureTexts, TwoFactorTexts } from '@medtutor/contracts';
import { serverMessage } from '@medtutor/web-kit';
import { Alert, Button, Card, Field, Flex, Input, Paragraph, PasswordInput } from '@medtutor/web-kit/ui';
import { type FormEvent, useState } from 'react';
import { eraseAccount } from '../api/erase-account';

export interface DeleteAccountCardProps {
  onDeleted: () => Promise<void>;
}

/**
 * The danger zone (issue 26): what is deleted and what is kept, then, once opened, the current
 * password (and the authenticator code when identity asks for it) and a last confirmation.
 */
export function DeleteAccountCard({ onDeleted }: DeleteAccountCardProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await eraseAccount({ password, ...(code.trim() ? { code: code.trim() } : {}) });
      await onDeleted();
    } catch (failure) {
      const message = serverMessage(failure) ?? ErasureTexts.failed;
      // An account with two-factor authentication is asked for its code: the field appears.
      if (message === TwoFactorTexts.codeRequired) setAskCode(true);
      setError(message);
      setSaving(false);
    }
  };

  return (
    <Card title={ErasureTexts.cardTitle} data-testid="delete-account">
      <Paragraph>{ErasureTexts.cardIntro}</Paragraph>
      <Paragraph type="secondary">{ErasureTexts.cardKept}</Paragraph>
      {!open ? (
        <Button danger onClick={() => setOpen(true)}>
          {ErasureTexts.deleteButton}
        </Button>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-label={ErasureTexts.confirmTitle}>
          <Alert
            type="warning"
            showIcon
            title={ErasureTexts.confirmTitle}
            description={ErasureTexts.cardIrreversible}
          />
          <Flex vertical gap="middle" style={{ marginTop: '1rem', maxWidth: 360 }}>
            <Field label={ErasureTexts.passwordLabel} htmlFor="erase-password" required>
              <PasswordInput
                id="erase-password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </Field>
            {askCode && (
              <Field label={ErasureTexts.codeLabel} htmlFor="erase-code" required help={ErasureTexts.codeHelp}>
                <Input
                  id="erase-code"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  required
                />
              </Field>
            )}
            {error && <Alert type="error" showIcon title={error} />}
            <Flex gap="small" wrap>
              <Button onClick={close} disabled={saving}>
                {ErasureTexts.cancelButton}
              </Button>
              <Button type="submit" variant="primary" danger loading={saving} disabled={!password}>
                {ErasureTexts.confirmButton}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Card>
  );
}

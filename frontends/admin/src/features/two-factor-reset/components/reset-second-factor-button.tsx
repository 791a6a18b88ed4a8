import { SecondFactorLifecycleTexts as T } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { resetSecondFactor } from '../api/reset-second-factor';

/**
 * An admin resets the second factor of the account `userId` (a lost authenticator), after a
 * confirmation: the account is signed out everywhere and sets up an authenticator at its next sign-in.
 */
export function ResetSecondFactorButton({ userId, name }: { userId: number; name: string }) {
  const notices = useNotices();
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      const reply = await resetSecondFactor(userId);
      notices.success(T.adminResetDoneTitle, reply.message);
    } catch (error) {
      notices.error(T.adminResetFailedTitle, error, T.adminResetFailedTitle);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={T.adminResetConfirm}
      description={T.adminResetDescription}
      okText={T.adminResetButton}
      okButtonProps={{ danger: true }}
      onConfirm={reset}
    >
      <Button size="small" loading={busy} aria-label={`Reset two-factor authentication of ${name}`}>
        {T.adminResetButton}
      </Button>
    </Popconfirm>
  );
}

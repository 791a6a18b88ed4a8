import { ServerMessages } from '@medtutor/contracts';
import { App, theme } from 'antd';
import { useMemo } from 'react';
import { serverMessage } from './api-client';

export interface NoticeApi {
  success(title: string, description?: string): void;
  /** Shows the server's message when the error carries one, otherwise `fallback`. */
  error(title: string, error: unknown, fallback?: string): void;
}

/**
 * The one place where outcomes become notices. The antd `App` in the providers limits them to one at
 * a time for 5 s (Limits); failures are painted in the error colours so they read as destructive.
 */
export function useNotices(): NoticeApi {
  const { notification } = App.useApp();
  const { token } = theme.useToken();

  return useMemo<NoticeApi>(
    () => ({
      success: (title, description) => notification.success({ title, description, role: 'status' }),
      error: (title, error, fallback = ServerMessages.internal) =>
        notification.error({
          title,
          description: serverMessage(error) ?? fallback,
          role: 'alert',
          style: { background: token.colorErrorBg, border: `1px solid ${token.colorErrorBorder}` },
        }),
    }),
    [notification, token.colorErrorBg, token.colorErrorBorder],
  );
}

import { ServerMessages } from '@medtutor/contracts';
import { App, theme } from 'antd';
import { useMemo } from 'react';
import { serverMessage } from './api-client.js';

export interface NoticeApi {
  success(title: string, description?: string): void;
  /** Shows the server's message when the error carries one, otherwise `fallback`. */
  error(title: string, error: unknown, fallback?: string): void;
}

/**
 * Every notice shares one key, so a new one replaces the current one in place: never two on screen,
 * not even while the previous one would animate out (which `maxCount` alone allows).
 */
const NOTICE_KEY = 'notice';

/**
 * The one place where outcomes become notices. The antd `App` in the providers shows them for 5 s
 * (Limits); failures are painted in the error colours so they read as destructive.
 */
export function useNotices(): NoticeApi {
  const { notification } = App.useApp();
  const { token } = theme.useToken();

  return useMemo<NoticeApi>(
    () => ({
      success: (title, description) => notification.success({ key: NOTICE_KEY, title, description, role: 'status' }),
      error: (title, error, fallback = ServerMessages.internal) =>
        notification.error({
          key: NOTICE_KEY,
          title,
          description: serverMessage(error) ?? fallback,
          role: 'alert',
          style: { background: token.colorErrorBg, border: `1px solid ${token.colorErrorBorder}` },
        }),
    }),
    [notification, token.colorErrorBg, token.colorErrorBorder],
  );
}

import { Limits } from '@medtutor/contracts';
import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../features/auth/components/session-provider';
import { swrConfig } from '@medtutor/web-kit';

const notices = { maxCount: Limits.maxNotices, duration: Limits.noticeDurationMs / 1000 };
// Below the sticky header, so a notice never covers the account buttons.
const notifications = { ...notices, top: 72 };

// Brand blue, with links and secondary text dark enough for WCAG AA contrast on white (antd's defaults are not).
const theme = {
  token: {
    colorPrimary: '#0f5fa8',
    colorLink: '#0f5fa8',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    borderRadius: 8,
  },
};

/** The shell owns these contexts and the session; the remotes render inside them through the shared singletons. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB} theme={theme}>
      <App notification={notifications} message={notices}>
        <SWRConfig value={swrConfig}>
          <SessionProvider>{children}</SessionProvider>
        </SWRConfig>
      </App>
    </ConfigProvider>
  );
}

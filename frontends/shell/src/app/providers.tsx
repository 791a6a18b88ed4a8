import { Limits } from '@medtutor/contracts';
import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../features/auth/components/session-provider';
import { useHydrated } from '../lib/use-hydrated';
import { swrConfig } from '@medtutor/web-kit';

const notices = { maxCount: Limits.maxNotices, duration: Limits.noticeDurationMs / 1000 };
// Below the sticky header, so a notice never covers the account buttons.
const notifications = { ...notices, top: 72 };

// Brand blue, with links, secondary text, placeholders (a Select's is text to axe) and error messages
// dark enough for WCAG AA contrast on white (antd's defaults are not: its error red is 3.3:1).
const theme = {
  token: {
    colorPrimary: '#0f5fa8',
    colorLink: '#0f5fa8',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6b7280',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    borderRadius: 8,
  },
};

/** The shell owns these contexts and the session; the remotes render inside them through the shared singletons. */
export function Providers({ children }: { children: ReactNode }) {
  // A prerendered page shows its form fields and buttons disabled until React runs them: typing or
  // clicking before then would be lost (links work without React and stay enabled; tags, which
  // antd would grey out too, opt out with disabled={false}).
  const hydrated = useHydrated();
  return (
    <ConfigProvider locale={enGB} theme={theme} componentDisabled={!hydrated}>
      <App notification={notifications} message={notices}>
        <SWRConfig value={swrConfig}>
          <SessionProvider>{children}</SessionProvider>
        </SWRConfig>
      </App>
    </ConfigProvider>
  );
}

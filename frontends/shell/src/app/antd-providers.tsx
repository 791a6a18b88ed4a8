import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

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

/**
 * antd's theme, locale and App context, for the parts that still use antd (the purchase dialogs,
 * checkout, reset-password, account security and the dashboards with their remotes). Each wraps
 * itself in this and is loaded lazily, so the public pages load no antd. Notices are not antd's:
 * web-kit's NoticeViewport in the root providers shows them.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // A prerendered page shows its form fields and buttons disabled until React runs them: typing or
  // clicking before then would be lost (links work without React and stay enabled; tags, which
  // antd would grey out too, opt out with disabled={false}).
  const hydrated = useHydrated();
  return (
    <ConfigProvider locale={enGB} theme={theme} componentDisabled={!hydrated}>
      <App>{children}</App>
    </ConfigProvider>
  );
}

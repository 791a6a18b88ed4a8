import { Limits } from '@medtutor/contracts';
import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr-config';

const notices = { maxCount: Limits.maxNotices, duration: Limits.noticeDurationMs / 1000 };

/** The shell owns these contexts; the remotes render inside them through the shared singletons. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB} theme={{ token: { colorPrimary: '#0f5fa8', borderRadius: 8 } }}>
      <App notification={notices} message={notices}>
        <SWRConfig value={swrConfig}>{children}</SWRConfig>
      </App>
    </ConfigProvider>
  );
}

import { NoticeViewport, swrConfig } from '@medtutor/web-kit';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../features/auth/components/session-provider';

/**
 * The shell owns these contexts and the session; the remotes render inside them through the shared
 * singletons. No antd here: the parts that use it wrap themselves in AntdProviders (antd-providers.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <SessionProvider>
        {children}
        <NoticeViewport />
      </SessionProvider>
    </SWRConfig>
  );
}

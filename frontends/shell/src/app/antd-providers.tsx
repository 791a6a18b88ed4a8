import { AntdRoot } from '@medtutor/web-kit/antd';
import type { ReactNode } from 'react';
import { useHydrated } from '@medtutor/web-kit/ui';

/**
 * antd's providers for the shell's parts that still use antd (the purchase dialogs, checkout,
 * reset-password and account security). Each wraps itself in this and is loaded lazily, so the
 * public pages load no antd. Notices are not antd's: web-kit's NoticeViewport in the root providers
 * shows them. The remotes wrap themselves in their own AntdRoot.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // A prerendered page shows its form fields and buttons disabled until React runs them: typing or
  // clicking before then would be lost (links work without React and stay enabled; tags, which
  // antd would grey out too, opt out with disabled={false}).
  const hydrated = useHydrated();
  return <AntdRoot disabled={!hydrated}>{children}</AntdRoot>;
}

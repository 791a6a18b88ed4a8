import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { type RemoteName, type RemoteRootProps, loadRemoteRoot } from '../lib/remotes';
import { PageSpinner } from './page-spinner';

class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for support: the visitor sees only the retry screen.
    console.error('Dashboard failed to load or render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title="This page could not be loaded"
        subTitle="Please check your connection and try again."
        extra={
          <Button type="primary" onClick={this.props.onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
}

/** Renders a remote's root component, loaded on first use, with a retry screen instead of a blank page. */
export function RemoteSlot<N extends RemoteName>({ name, props }: { name: N; props: RemoteRootProps[N] }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a rejected load forever.
  const Root = useMemo(() => lazy(() => loadRemoteRoot(name, attempt > 0)), [name, attempt]);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((value) => value + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Root {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

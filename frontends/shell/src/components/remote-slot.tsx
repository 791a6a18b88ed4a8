import { Component, type ErrorInfo, type ReactNode, Suspense, createElement, use, useState } from 'react';
import type { RemoteModule, RemoteRootProps } from '@medtutor/web-kit/remote';
import { remoteRoot, retryRemote } from '../lib/remotes';
import { Button, Result, Title } from '@medtutor/web-kit/ui';
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
      <div role="alert">
        <Result
          status="error"
          title={
            <Title level={1} style={{ fontSize: '1.5rem' }}>
              This page could not be loaded
            </Title>
          }
          subTitle="Please check your connection and try again."
          extra={
            <Button variant="primary" onClick={this.props.onRetry}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }
}

function RemoteRoot<N extends RemoteModule>({ name, props }: { name: N; props: RemoteRootProps[N] }) {
  return createElement(use(remoteRoot(name)), props);
}

/** Renders a remote's root component, loaded on first use, with a retry screen instead of a blank page. */
export function RemoteSlot<N extends RemoteModule>({ name, props }: { name: N; props: RemoteRootProps[N] }) {
  // Retrying remounts the boundary, which renders the remote again (and loads it anew if loading failed).
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    retryRemote(name);
    setAttempt((value) => value + 1);
  };

  return (
    <div className="page-slot">
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <RemoteRoot name={name} props={props} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}

import { Alert, Button, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** A part of the page on its way: a labelled spinner rather than an empty area. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex justify="center" style={{ padding: '2rem' }}>
      <Spin aria-label={label} description={label} />
    </Flex>
  );
}

/** The loading, error and empty states every list in this remote shares. */
export function QueryState<T>({
  data,
  error,
  isLoading,
  label,
  empty,
  onRetry,
  children,
}: {
  data: T[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** What is being loaded, e.g. "students". */
  label: string;
  empty: string;
  onRetry: () => void;
  children: (data: T[]) => ReactNode;
}) {
  if (isLoading && data === undefined) {
    return <Loading label={`Loading ${label}…`} />;
  }
  if (error !== undefined && data === undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title={`The ${label} could not be loaded.`}
        action={
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!data || data.length === 0) return <Empty description={empty} />;
  return <>{children(data)}</>;
}

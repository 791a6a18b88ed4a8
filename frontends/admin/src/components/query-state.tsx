import { Alert, Button, Flex, Paragraph, Spinner } from '@medtutor/web-kit/ui';
import type { ReactNode } from 'react';

/** A part of the page on its way: a labelled spinner rather than an empty area. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex vertical align="center" gap="small" style={{ padding: '2rem' }}>
      <Spinner label={label} />
      <Paragraph type="secondary" style={{ margin: 0 }} aria-hidden="true">
        {label}
      </Paragraph>
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
  if (!data || data.length === 0) {
    return (
      <Paragraph type="secondary" style={{ margin: 0, padding: '2rem 0', textAlign: 'center' }}>
        {empty}
      </Paragraph>
    );
  }
  return <>{children(data)}</>;
}

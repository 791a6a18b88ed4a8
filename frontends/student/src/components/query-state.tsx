import { Alert, Button, Flex, Spin } from 'antd';

/** A query on its way: a labelled spinner rather than an empty area. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex justify="center" style={{ padding: '2rem 0' }} role="status" aria-live="polite">
      <Spin description={label} />
    </Flex>
  );
}

/** A failed query: what failed and a retry, never a blank page. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description="Please check your connection and try again."
      action={
        <Button size="small" danger onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

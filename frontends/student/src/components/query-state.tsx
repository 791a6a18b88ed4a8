import { Alert, Button, Flex, Spinner, Text } from '@medtutor/web-kit/ui';

/** A query on its way: a labelled spinner rather than an empty area. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex vertical gap="small" align="center" style={{ padding: '2rem 0' }}>
      <Spinner label={label} />
      {/* The spinner announces the label; the visible copy is for sighted visitors only. */}
      <Text type="secondary" aria-hidden="true">
        {label}
      </Text>
    </Flex>
  );
}

/** A failed query: what failed and a retry, never a blank page. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
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

import { Flex, Spinner, Text } from '@medtutor/web-kit/ui';

/** Loading state for pages and page parts still on their way. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex vertical gap="small" justify="center" align="center" className="page-spinner">
      <Spinner size="large" label={label} />
      {/* The spinner announces the label; the visible copy is for sighted visitors only. */}
      <Text type="secondary" aria-hidden="true">
        {label}
      </Text>
    </Flex>
  );
}

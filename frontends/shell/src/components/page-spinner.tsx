import { Flex, Spin, Typography } from 'antd';

/** Loading state for pages and page parts still on their way. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex vertical gap="small" justify="center" align="center" className="page-spinner" role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}

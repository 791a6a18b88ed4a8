import type { UserDto } from '@medtutor/contracts';
import { Flex, Typography } from 'antd';
import { AccountSummary } from '../features/account/components/account-summary';
import { welcomeName } from '../lib/display-name';

/** Props given by the shell (its lib/remotes.ts declares the same shape). */
export interface StudentAppProps {
  user: UserDto;
}

/** Root of the student dashboard at /my-tutoring, rendered by the shell inside its <main>. */
export default function StudentApp({ user }: StudentAppProps) {
  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', padding: '2.5rem 1.5rem 4rem' }}>
      <header>
        <Typography.Text type="secondary">My Tutoring</Typography.Text>
        <Typography.Title level={1} style={{ marginTop: '0.25rem' }}>
          Welcome, {welcomeName(user)}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Signed in as {user.email}
        </Typography.Paragraph>
      </header>
      <AccountSummary user={user} />
    </Flex>
  );
}

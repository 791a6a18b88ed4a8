import type { UserDto } from '@medtutor/contracts';
import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { fullName } from '../../../lib/display-name';

/** Who is signed in, from the session's user: the only student data this foundation has. */
export function AccountSummary({ user }: { user: UserDto }) {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={16}>
        <Card
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: '1.15rem' }}>
              Your Account
            </Typography.Title>
          }
        >
          <Descriptions
            column={1}
            items={[
              { key: 'name', label: 'Name', children: fullName(user) },
              { key: 'username', label: 'Username', children: user.username },
              { key: 'email', label: 'Email', children: user.email },
              { key: 'phone', label: 'Phone', children: user.phone ?? 'Not provided' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: '1.15rem' }}>
              Free Trial
            </Typography.Title>
          }
        >
          <Statistic
            title="Status"
            value={user.freeTrialUsed ? 'Used' : 'Available'}
            styles={{ content: { color: user.freeTrialUsed ? undefined : '#237804' } }}
          />
          {!user.freeTrialUsed && (
            <Tag color="#237804" style={{ marginTop: '0.75rem' }}>
              Free 15-30 minute session
            </Tag>
          )}
        </Card>
      </Col>
    </Row>
  );
}

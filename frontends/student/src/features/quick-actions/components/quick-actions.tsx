import { CalendarOutlined, MailOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { supportEmail } from '../../../config/support';

interface Action {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
  button: ReactNode;
}

/** Spec section 2's quick actions: schedule, purchase more hours, email support. */
export function QuickActions({ canSchedule }: { canSchedule: boolean }) {
  const goToSchedule = () => {
    const target = document.getElementById('schedule');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };
  const actions: Action[] = [
    {
      key: 'schedule',
      icon: <CalendarOutlined aria-hidden />,
      title: 'Schedule a Session',
      text: canSchedule ? 'Book your next session with your tutor.' : 'Buy a package to book sessions with a tutor.',
      button: canSchedule ? (
        <Button onClick={goToSchedule}>Schedule Now</Button>
      ) : (
        <Button href="/#pricing">See Packages</Button>
      ),
    },
    {
      key: 'purchase',
      icon: <ShoppingCartOutlined aria-hidden />,
      title: 'Purchase More Hours',
      text: 'Top up with a single session or a package.',
      button: <Button href="/#pricing">Purchase Hours</Button>,
    },
    {
      key: 'support',
      icon: <MailOutlined aria-hidden />,
      title: 'Email Support',
      text: `Questions about your sessions? Write to ${supportEmail}.`,
      button: <Button href={`mailto:${supportEmail}`}>Email Support</Button>,
    },
  ];
  return (
    <section aria-labelledby="quick-actions-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="quick-actions-heading">Quick Actions</SectionTitle>
      </div>
      <Row gutter={[16, 16]}>
        {actions.map((action) => (
          <Col xs={24} md={8} key={action.key}>
            <Card style={{ height: '100%' }}>
              <Typography.Title level={3} style={{ marginTop: 0, fontSize: '1.05rem' }}>
                {action.icon} {action.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {action.text}
              </Typography.Paragraph>
              {action.button}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

import { LogoutOutlined } from '@ant-design/icons';
import type { UserDto } from '@medtutor/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { type AreaTab, AreaTabs } from '../features/overview/components/area-tabs';
import { fullName } from '../lib/display-name';

/** Props given by the shell (its lib/remotes.ts declares the same shape). */
export interface AdminAppProps {
  user: UserDto;
  /** /admin-dashboard shows the dashboard, /admin the admin panel (spec section 2). */
  view: 'dashboard' | 'panel';
  /** The shell's logout: ends the session and shows the notice; the shell then leaves this page. */
  onLogout: () => Promise<void>;
}

const views: Record<AdminAppProps['view'], { title: string; tabs: AreaTab[] }> = {
  dashboard: {
    title: 'Admin Dashboard',
    tabs: [
      {
        key: 'students',
        label: 'Student Management',
        purpose: 'Manage students and their sessions: update used hours, set exam dates and assign tutors.',
      },
      {
        key: 'testimonials',
        label: 'Testimonials',
        purpose: 'Review pending success stories and approve or delete them.',
      },
      {
        key: 'discount-codes',
        label: 'Discount Codes',
        purpose: 'Generate single-use discount codes for packages.',
      },
      {
        key: 'payslips',
        label: 'Payslips',
        purpose: 'Review, approve and delete tutor weekly timesheets.',
      },
    ],
  },
  panel: {
    title: 'Admin Panel',
    tabs: [
      {
        key: 'tutors',
        label: 'Tutor Management',
        purpose: 'Edit the names, specialties, qualifications and photos of the tutors shown on the website.',
      },
      {
        key: 'testimonial-reviews',
        label: 'Testimonial Reviews',
        purpose: 'Review success stories waiting for approval before they are published.',
      },
    ],
  },
};

/** Root of the admin remote, rendered by the shell inside its <main>. */
export default function AdminApp({ user, view, onLogout }: AdminAppProps) {
  const [leaving, setLeaving] = useState(false);
  const { title, tabs } = views[view];

  const logout = async () => {
    setLeaving(true);
    await onLogout();
    setLeaving(false);
  };

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', padding: '2.5rem 1.5rem 4rem' }}>
      <Flex component="header" justify="space-between" align="center" wrap gap="middle">
        <div>
          <Typography.Title level={1} style={{ marginBottom: '0.25rem' }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">Signed in as {fullName(user)}</Typography.Text>
        </div>
        <Button icon={<LogoutOutlined />} onClick={logout} loading={leaving}>
          Logout
        </Button>
      </Flex>
      <Card>
        <AreaTabs tabs={tabs} />
      </Card>
    </Flex>
  );
}

import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { Button, Card, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { DashboardTabs, PanelTabs } from '../features/back-office-tabs';
import { TutorPortal } from '../features/tutor-portal';
import { type AdminView, canOpenView } from '../lib/access';
import { fullName } from '../lib/display-name';

/** Props given by the shell (its lib/remotes.ts declares the same shape). */
export interface AdminAppProps {
  user: UserDto;
  /** /admin-dashboard shows the dashboard, /admin the admin panel (spec section 2), /tutor the tutor portal. */
  view: AdminView;
  /** The shell's logout: ends the session and shows the notice; the shell then leaves this page. */
  onLogout: () => Promise<void>;
}

const titles: Record<AdminView, string> = {
  dashboard: 'Admin Dashboard',
  panel: 'Admin Panel',
  tutor: 'Tutor Portal',
};

/** Root of the admin remote, rendered by the shell inside its <main>. */
export default function AdminApp({ user, view, onLogout }: AdminAppProps) {
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    await onLogout();
    setLeaving(false);
  };

  // The shell routes by role already; this guards a remote mounted with the wrong view.
  const allowed = canOpenView(user, view);

  return (
    <Flex
      vertical
      gap="large"
      // border-box: the padding stays inside the width, so the page never scrolls sideways.
      style={{ maxWidth: 1280, margin: '0 auto', padding: '2rem 1rem 4rem', width: '100%', boxSizing: 'border-box' }}
    >
      <Flex component="header" justify="space-between" align="center" wrap gap="middle">
        <div>
          <Typography.Title level={1} style={{ marginBottom: '0.25rem' }}>
            {titles[view]}
          </Typography.Title>
          <Typography.Text type="secondary">Signed in as {fullName(user)}</Typography.Text>
        </div>
        <Flex gap="small" wrap>
          {/* The security section is the shell's page: it also hosts the enrolment step of sign-in. */}
          <Button icon={<SafetyOutlined />} href="/account/security">
            {TwoFactorTexts.sectionTitle}
          </Button>
          <Button icon={<LogoutOutlined />} onClick={logout} loading={leaving}>
            Logout
          </Button>
        </Flex>
      </Flex>
      {!allowed ? (
        <Result status="403" title="You do not have access to this page." />
      ) : view === 'tutor' ? (
        <TutorPortal />
      ) : (
        <Card>{view === 'dashboard' ? <DashboardTabs /> : <PanelTabs />}</Card>
      )}
    </Flex>
  );
}

import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { AntdRoot } from '@medtutor/web-kit/antd';
import { Button, Card, Flex, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Loading } from '../components/query-state';
import { DashboardTabs, PanelTabs } from '../features/back-office-tabs';
import { type AdminView, canOpenView } from '../lib/access';
import { fullName } from '../lib/display-name';

// The tutor portal loads its own code (each back-office tab does too); antd's Result (with its
// illustrations) loads only for a refused view.
const TutorPortal = lazy(() => import('../features/tutor-portal').then((module) => ({ default: module.TutorPortal })));
const Refused = lazy(() => import('../components/refused').then((module) => ({ default: module.Refused })));

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
    <AntdRoot>
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
        <Suspense fallback={<Loading label="Loading" />}>
          {!allowed ? (
            <Refused />
          ) : view === 'tutor' ? (
            <TutorPortal />
          ) : (
            <Card>{view === 'dashboard' ? <DashboardTabs /> : <PanelTabs />}</Card>
          )}
        </Suspense>
      </Flex>
    </AntdRoot>
  );
}

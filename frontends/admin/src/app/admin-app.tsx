import { TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { Button, ButtonLink, Card, Flex, LogoutIcon, SafetyIcon, Text, Title } from '@medtutor/web-kit/ui';
import { Suspense, useState } from 'react';
import { Loading } from '../components/query-state';
import { DashboardTabs, PanelTabs } from '../features/back-office-tabs';
import { type AdminView, canOpenView } from '../lib/access';
import { fullName } from '../lib/display-name';
import { lazyUnderAntd } from '../lib/lazy-antd';

// The header and the tabs are drawn with web-kit's UI kit (the shell's page holds its styles); the
// tutor portal, each back-office tab but the students' and the refused view (antd's Result with its
// illustrations) load their own code with antd when shown.
const TutorPortal = lazyUnderAntd(() => import('../features/tutor-portal').then((module) => module.TutorPortal));
const Refused = lazyUnderAntd(() => import('../components/refused').then((module) => module.Refused));

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
      <header
        className="ui-flex"
        style={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 16 }}
      >
        <div>
          <Title level={1} style={{ marginBottom: '0.25rem' }}>
            {titles[view]}
          </Title>
          <Text type="secondary">Signed in as {fullName(user)}</Text>
        </div>
        <Flex gap="small" wrap>
          {/* The security section is the shell's page: it also hosts the enrolment step of sign-in. */}
          <ButtonLink href="/account/security">
            <SafetyIcon className="ui-btn__icon" />
            <span>{TwoFactorTexts.sectionTitle}</span>
          </ButtonLink>
          <Button icon={<LogoutIcon />} onClick={logout} loading={leaving}>
            Logout
          </Button>
        </Flex>
      </header>
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
  );
}

import { Flex, Typography } from 'antd';
import { Link, Navigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { TwoFactorSection } from '../../features/auth/components/two-factor-section';
import { useSession } from '../../features/auth/hooks/use-session';
import { areaOf, authPathReturningTo, dashboardLabelFor, dashboardPathFor } from '../../features/auth/utils/access';
import { AntdProviders } from '../antd-providers';

/** Account security for admins and tutors (two-factor authentication); others go to their own area. */
export function AccountSecurityRoute() {
  return (
    <AntdProviders>
      <AccountSecurity />
    </AntdProviders>
  );
}

function AccountSecurity() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={authPathReturningTo('/account/security')} replace />;
  if (areaOf(user) === 'student') return <Navigate to={dashboardPathFor(user)} replace />;
  return (
    <div className="page page--narrow">
      <PageTitle title="Account security" />
      <Flex vertical gap="large">
        <Typography.Title level={1}>Account security</Typography.Title>
        <TwoFactorSection />
        <Link to={dashboardPathFor(user)}>Back to {dashboardLabelFor(user)}</Link>
      </Flex>
    </div>
  );
}

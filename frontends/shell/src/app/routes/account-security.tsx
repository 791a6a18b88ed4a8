import { Suspense, lazy } from 'react';
import { Link, Navigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { authPathReturningTo, dashboardLabelFor, dashboardPathFor } from '../../features/auth/utils/access';
import { Flex, Title } from '@medtutor/web-kit/ui';

/**
 * The section brings antd along in its own chunk: this route shares its chunk with /auth (router.tsx),
 * a public page that must load no antd.
 */
const TwoFactorSection = lazy(() =>
  import(/* webpackChunkName: "two-factor-section" */ '../../features/auth/components/two-factor-section').then(
    (module) => ({ default: module.TwoFactorSection }),
  ),
);

/** Account security (two-factor authentication) for every signed-in user: required for staff, a choice for students. */
export function AccountSecurityRoute() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={authPathReturningTo('/account/security')} replace />;
  return (
    <div className="page page--narrow">
      <PageTitle title="Account security" />
      <Flex vertical gap="large">
        <Title level={1}>Account security</Title>
        <Suspense fallback={<PageSpinner />}>
          <TwoFactorSection />
        </Suspense>
        <Link to={dashboardPathFor(user)}>Back to {dashboardLabelFor(user)}</Link>
      </Flex>
    </div>
  );
}

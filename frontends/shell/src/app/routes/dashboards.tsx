import type { AdminView } from '@medtutor/web-kit/remote';
import { useCallback, useState } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RemoteSlot } from '../../components/remote-slot';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useSession } from '../../features/auth/hooks/use-session';

/** The remotes bring their own antd (each wraps its root in web-kit's AntdRoot). */
export function MyTutoringRoute() {
  const { accountDeleted } = useSession();
  const [deleted, setDeleted] = useState(false);
  // Home, not the sign-in page a protected route sends a visitor to: set before the session goes.
  const onAccountDeleted = useCallback(async () => {
    setDeleted(true);
    await accountDeleted();
  }, [accountDeleted]);
  if (deleted) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title="My Tutoring" />
      <ProtectedRoute area="student">
        {(user) => <RemoteSlot name="student/App" props={{ user, onAccountDeleted }} />}
      </ProtectedRoute>
    </>
  );
}

/** The admin remote's back office: its two views are one exposed module (docs/decisions.md). */
function BackOffice({ view }: { view: AdminView }) {
  const { logout } = useSession();
  return (
    <ProtectedRoute area="admin">
      {(user) => <RemoteSlot name="admin/App" props={{ user, view, onLogout: logout }} />}
    </ProtectedRoute>
  );
}

export function AdminDashboardRoute() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <BackOffice view="dashboard" />
    </>
  );
}

export function AdminPanelRoute() {
  return (
    <>
      <PageTitle title="Admin Panel" />
      <BackOffice view="panel" />
    </>
  );
}

/** The tutor portal: the admin remote's own module for it, so a tutor loads none of the back office. */
export function TutorPortalRoute() {
  const { logout } = useSession();
  return (
    <>
      <PageTitle title="Tutor Portal" />
      <ProtectedRoute area="tutor">
        {(user) => <RemoteSlot name="admin/TutorPortal" props={{ user, onLogout: logout }} />}
      </ProtectedRoute>
    </>
  );
}

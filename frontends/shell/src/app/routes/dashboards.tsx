import type { AdminView, RemoteModule } from '@medtutor/web-kit/remote';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RemoteSlot } from '../../components/remote-slot';
import { preloadUserCheck } from '../../features/auth/api/get-user';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useSession } from '../../features/auth/hooks/use-session';
import { remoteRoot } from '../../lib/remotes';

/**
 * While the session is still being asked for, starts loading the page's remote (its manifest, entry
 * and first-view chunks) and the session reply's check, instead of after the session answers: one
 * after the other they were the longest part of a dashboard's first view. A visitor who turns out
 * not to be allowed has fetched them for nothing and is sent away as before; once the session is
 * known, only the page itself loads the remote, for a user it lets in.
 */
function usePreload(module: RemoteModule) {
  const { isLoading } = useSession();
  useEffect(() => {
    if (!isLoading) return;
    preloadUserCheck();
    // A failure is met again, with its retry screen, when the page renders the remote.
    remoteRoot(module).catch(() => undefined);
  }, [isLoading, module]);
}

/** The remotes bring their own antd (each antd part under its own web-kit AntdRoot). */
export function MyTutoringRoute() {
  const { accountDeleted } = useSession();
  const [deleted, setDeleted] = useState(false);
  usePreload('student/App');
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

/** The admin remote's back office: its two views are one exposed module (docs/adr/0050-tutor-portal-module.md). */
function BackOffice({ view }: { view: AdminView }) {
  const { logout } = useSession();
  usePreload('admin/App');
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
  usePreload('admin/TutorPortal');
  return (
    <>
      <PageTitle title="Tutor Portal" />
      <ProtectedRoute area="tutor">
        {(user) => <RemoteSlot name="admin/TutorPortal" props={{ user, onLogout: logout }} />}
      </ProtectedRoute>
    </>
  );
}

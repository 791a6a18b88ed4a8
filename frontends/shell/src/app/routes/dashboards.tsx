import { PageTitle } from '../../components/page-title';
import { RemoteSlot } from '../../components/remote-slot';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useSession } from '../../features/auth/hooks/use-session';
import { AntdProviders } from '../antd-providers';

/**
 * The remotes render inside the shell's antd providers (theme, locale, the App's modal and notification
 * contexts), which only these routes and the other antd parts load.
 */
export function MyTutoringRoute() {
  return (
    <AntdProviders>
      <PageTitle title="My Tutoring" />
      <ProtectedRoute area="student">{(user) => <RemoteSlot name="student" props={{ user }} />}</ProtectedRoute>
    </AntdProviders>
  );
}

/** The admin remote serves the admin's two views and the tutors' portal (docs/decisions.md). */
function AdminRemote({ view }: { view: 'dashboard' | 'panel' | 'tutor' }) {
  const { logout } = useSession();
  return (
    <AntdProviders>
      <ProtectedRoute area={view === 'tutor' ? 'tutor' : 'admin'}>
        {(user) => <RemoteSlot name="admin" props={{ user, view, onLogout: logout }} />}
      </ProtectedRoute>
    </AntdProviders>
  );
}

export function AdminDashboardRoute() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <AdminRemote view="dashboard" />
    </>
  );
}

export function AdminPanelRoute() {
  return (
    <>
      <PageTitle title="Admin Panel" />
      <AdminRemote view="panel" />
    </>
  );
}

export function TutorPortalRoute() {
  return (
    <>
      <PageTitle title="Tutor Portal" />
      <AdminRemote view="tutor" />
    </>
  );
}

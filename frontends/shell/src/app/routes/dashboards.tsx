import { PageTitle } from '../../components/page-title';
import { RemoteSlot } from '../../components/remote-slot';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useSession } from '../../features/auth/hooks/use-session';

/** The remotes bring their own antd (each wraps its root in web-kit's AntdRoot). */
export function MyTutoringRoute() {
  return (
    <>
      <PageTitle title="My Tutoring" />
      <ProtectedRoute area="student">{(user) => <RemoteSlot name="student" props={{ user }} />}</ProtectedRoute>
    </>
  );
}

/** The admin remote serves the admin's two views and the tutors' portal (docs/decisions.md). */
function AdminRemote({ view }: { view: 'dashboard' | 'panel' | 'tutor' }) {
  const { logout } = useSession();
  return (
    <ProtectedRoute area={view === 'tutor' ? 'tutor' : 'admin'}>
      {(user) => <RemoteSlot name="admin" props={{ user, view, onLogout: logout }} />}
    </ProtectedRoute>
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

import { PageTitle } from '../../components/page-title';
import { RemoteSlot } from '../../components/remote-slot';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { useSession } from '../../features/auth/hooks/use-session';

export function MyTutoringRoute() {
  return (
    <>
      <PageTitle title="My Tutoring" />
      <ProtectedRoute area="student">{(user) => <RemoteSlot name="student" props={{ user }} />}</ProtectedRoute>
    </>
  );
}

function AdminArea({ view }: { view: 'dashboard' | 'panel' }) {
  const { logout } = useSession();
  return (
    <ProtectedRoute area="admin">
      {(user) => <RemoteSlot name="admin" props={{ user, view, onLogout: logout }} />}
    </ProtectedRoute>
  );
}

export function AdminDashboardRoute() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <AdminArea view="dashboard" />
    </>
  );
}

export function AdminPanelRoute() {
  return (
    <>
      <PageTitle title="Admin Panel" />
      <AdminArea view="panel" />
    </>
  );
}

import type { AdminView, RemoteRootProps } from '@medtutor/web-kit/remote';
import { Card } from '@medtutor/web-kit/ui';
import { RemotePage } from '../components/remote-page';
import { canOpenView } from '../lib/access';
import { DashboardTabs, PanelTabs } from './back-office-tabs';

const titles: Record<AdminView, string> = {
  dashboard: 'Admin Dashboard',
  panel: 'Admin Panel',
};

/**
 * Root of the back office (`admin/App`): /admin-dashboard shows the dashboard, /admin the admin panel
 * (docs/product.md §2). The header and the tabs are drawn with web-kit's UI kit; each back-office tab but
 * the students' loads its own code with antd when shown. The tutor portal is this remote's other
 * exposed module (`admin/TutorPortal`), so neither page loads the other's code.
 */
export default function AdminApp({ user, view, onLogout }: RemoteRootProps['admin/App']) {
  return (
    <RemotePage title={titles[view]} user={user} onLogout={onLogout} allowed={canOpenView(user, view)}>
      <Card>{view === 'dashboard' ? <DashboardTabs /> : <PanelTabs />}</Card>
    </RemotePage>
  );
}

import type { RemoteRootProps } from '@medtutor/web-kit/remote';
import { RemotePage } from '../components/remote-page';
import { canOpenView } from '../lib/access';
import { lazyUnderAntd } from '../lib/lazy-antd';

// The portal is drawn with antd, which loads with it under its own AntdRoot.
const TutorPortal = lazyUnderAntd(() => import('../features/tutor-portal').then((module) => module.TutorPortal));

/**
 * Root of the tutor portal at /tutor (`admin/TutorPortal`): a tutor's students, delivered sessions
 * and timesheets. Exposed on its own so a tutor loads none of the back office and an admin none of
 * the portal; it shares the admin remote's build, antd and page frame.
 */
export default function TutorPortalApp({ user, onLogout }: RemoteRootProps['admin/TutorPortal']) {
  return (
    <RemotePage title="Tutor Portal" user={user} onLogout={onLogout} allowed={canOpenView(user, 'tutor')}>
      <TutorPortal />
    </RemotePage>
  );
}

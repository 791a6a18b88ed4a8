import type { UserDto } from '@medtutor/contracts';
import type { AdminView } from '@medtutor/web-kit/remote';

/** The three pages this remote renders: the back office's two views and the tutor portal. */
export type AdminRemotePage = AdminView | 'tutor';

export interface Access {
  /** /admin-dashboard and /admin: every student, code, payslip and review. */
  backOffice: boolean;
  /** /tutor: the signed-in tutor's own students and timesheets. */
  tutorPortal: boolean;
}

/** What a role may see, in the ant-design-pro manner: one pure function the pages consult. */
export function access(user: Pick<UserDto, 'role' | 'isAdmin'> | null): Access {
  const admin = user !== null && (user.isAdmin || user.role === 'admin');
  return { backOffice: admin, tutorPortal: user !== null && user.role === 'tutor' };
}

export const canOpenView = (user: Pick<UserDto, 'role' | 'isAdmin'> | null, view: AdminRemotePage): boolean => {
  const granted = access(user);
  return view === 'tutor' ? granted.tutorPortal : granted.backOffice;
};

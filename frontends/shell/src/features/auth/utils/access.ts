import type { UserDto } from '@medtutor/contracts';

/** Protected areas: docs/product.md §2's student and admin dashboards, and the tutors' portal. */
export type ProtectedArea = 'student' | 'admin' | 'tutor';

export const dashboardPaths: Record<ProtectedArea, string> = {
  student: '/my-tutoring',
  admin: '/admin-dashboard',
  tutor: '/tutor',
};

/** Each user has one home area: admins the admin dashboard, tutors their portal, students My Tutoring. */
export const areaOf = (user: UserDto): ProtectedArea =>
  user.isAdmin ? 'admin' : user.role === 'tutor' ? 'tutor' : 'student';

export const dashboardPathFor = (user: UserDto): string => dashboardPaths[areaOf(user)];

/** The navigation's name for the user's home area. */
export const dashboardLabelFor = (user: UserDto): string =>
  ({ admin: 'Admin Dashboard', tutor: 'Tutor Portal', student: 'My Tutoring' })[areaOf(user)];

export const authPathReturningTo = (returnTo: string): string => `/auth?redirect=${encodeURIComponent(returnTo)}`;

export type AreaAccess = { kind: 'allow'; user: UserDto } | { kind: 'redirect'; to: string };

/**
 * Whether a visitor may see a protected area, or where they must go instead. `currentPath` is the
 * path plus query string, so signing in returns to exactly this page.
 */
export function checkAreaAccess(user: UserDto | null, area: ProtectedArea, currentPath: string): AreaAccess {
  if (user === null) return { kind: 'redirect', to: authPathReturningTo(currentPath) };
  // Anyone in another area's page goes to their own (spec: admins from /my-tutoring, others from admin pages).
  if (areaOf(user) !== area) return { kind: 'redirect', to: dashboardPathFor(user) };
  return { kind: 'allow', user };
}

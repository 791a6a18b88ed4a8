import type { UserDto } from '@medtutor/contracts';

/** Protected areas of spec section 2. Tutors have no area of their own yet and use the student one. */
export type ProtectedArea = 'student' | 'admin';

export const dashboardPaths: Record<ProtectedArea, string> = {
  student: '/my-tutoring',
  admin: '/admin-dashboard',
};

export const dashboardPathFor = (user: UserDto): string => dashboardPaths[user.isAdmin ? 'admin' : 'student'];

export const authPathReturningTo = (returnTo: string): string => `/auth?redirect=${encodeURIComponent(returnTo)}`;

export type AreaAccess = { kind: 'allow'; user: UserDto } | { kind: 'redirect'; to: string };

/**
 * Whether a visitor may see a protected area, or where they must go instead. `currentPath` is the
 * path plus query string, so signing in returns to exactly this page.
 */
export function checkAreaAccess(user: UserDto | null, area: ProtectedArea, currentPath: string): AreaAccess {
  if (user === null) return { kind: 'redirect', to: authPathReturningTo(currentPath) };
  if (area === 'student' && user.isAdmin) return { kind: 'redirect', to: dashboardPaths.admin };
  if (area === 'admin' && !user.isAdmin) return { kind: 'redirect', to: dashboardPaths.student };
  return { kind: 'allow', user };
}

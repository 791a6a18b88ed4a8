import { describe, expect, it } from '@jest/globals';
import { Fixtures, type UserDto } from '@medtutor/contracts';
import { checkAreaAccess, dashboardLabelFor, dashboardPathFor } from './access';

const student: UserDto = Fixtures.userDto;
const admin: UserDto = { ...Fixtures.userDto, role: 'admin', isAdmin: true };
const tutor: UserDto = { ...Fixtures.userDto, role: 'tutor' };

describe('checkAreaAccess', () => {
  it('sends visitors to /auth with the encoded path and query to return to', () => {
    expect(checkAreaAccess(null, 'student', '/my-tutoring')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fmy-tutoring',
    });
    expect(checkAreaAccess(null, 'admin', '/admin?tab=reviews')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fadmin%3Ftab%3Dreviews',
    });
  });

  it('sends admins from the student dashboard to the admin dashboard', () => {
    expect(checkAreaAccess(admin, 'student', '/my-tutoring')).toEqual({ kind: 'redirect', to: '/admin-dashboard' });
  });

  it('sends non-admins from admin pages to My Tutoring', () => {
    expect(checkAreaAccess(student, 'admin', '/admin-dashboard')).toEqual({ kind: 'redirect', to: '/my-tutoring' });
  });

  it('keeps tutors in their portal: other dashboards send them to /tutor, and others away from it', () => {
    expect(checkAreaAccess(tutor, 'admin', '/admin')).toEqual({ kind: 'redirect', to: '/tutor' });
    expect(checkAreaAccess(tutor, 'student', '/my-tutoring')).toEqual({ kind: 'redirect', to: '/tutor' });
    expect(checkAreaAccess(student, 'tutor', '/tutor')).toEqual({ kind: 'redirect', to: '/my-tutoring' });
    expect(checkAreaAccess(admin, 'tutor', '/tutor')).toEqual({ kind: 'redirect', to: '/admin-dashboard' });
    expect(checkAreaAccess(null, 'tutor', '/tutor')).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Ftutor' });
  });

  it('names and places each home area', () => {
    expect([student, admin, tutor].map(dashboardPathFor)).toEqual(['/my-tutoring', '/admin-dashboard', '/tutor']);
    expect([student, admin, tutor].map(dashboardLabelFor)).toEqual(['My Tutoring', 'Admin Dashboard', 'Tutor Portal']);
  });

  it('lets users into their own area', () => {
    expect(checkAreaAccess(student, 'student', '/my-tutoring')).toEqual({ kind: 'allow', user: student });
    expect(checkAreaAccess(tutor, 'tutor', '/tutor')).toEqual({ kind: 'allow', user: tutor });
    expect(checkAreaAccess(admin, 'admin', '/admin')).toEqual({ kind: 'allow', user: admin });
  });
});

import { describe, expect, it } from '@jest/globals';
import { Fixtures, type UserDto } from '@medtutor/contracts';
import { checkAreaAccess } from './access';

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
    expect(checkAreaAccess(tutor, 'admin', '/admin')).toEqual({ kind: 'redirect', to: '/my-tutoring' });
  });

  it('lets users into their own area', () => {
    expect(checkAreaAccess(student, 'student', '/my-tutoring')).toEqual({ kind: 'allow', user: student });
    expect(checkAreaAccess(tutor, 'student', '/my-tutoring')).toEqual({ kind: 'allow', user: tutor });
    expect(checkAreaAccess(admin, 'admin', '/admin')).toEqual({ kind: 'allow', user: admin });
  });
});

import { describe, expect, it } from '@jest/globals';
import { access, canOpenView } from './access';

const admin = { role: 'admin' as const, isAdmin: true };
const tutor = { role: 'tutor' as const, isAdmin: false };
const student = { role: 'student' as const, isAdmin: false };

describe('access', () => {
  it('gives admins the back office and not the tutor portal', () => {
    expect(access(admin)).toEqual({ backOffice: true, tutorPortal: false });
    expect(canOpenView(admin, 'dashboard')).toBe(true);
    expect(canOpenView(admin, 'panel')).toBe(true);
    expect(canOpenView(admin, 'tutor')).toBe(false);
  });

  it('gives tutors only their portal', () => {
    expect(access(tutor)).toEqual({ backOffice: false, tutorPortal: true });
    expect(canOpenView(tutor, 'dashboard')).toBe(false);
    expect(canOpenView(tutor, 'tutor')).toBe(true);
  });

  it('gives students and visitors nothing here', () => {
    expect(access(student)).toEqual({ backOffice: false, tutorPortal: false });
    expect(access(null)).toEqual({ backOffice: false, tutorPortal: false });
  });
});

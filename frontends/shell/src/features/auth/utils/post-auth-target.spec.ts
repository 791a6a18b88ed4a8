import { describe, expect, it } from '@jest/globals';
import { Fixtures, type UserDto } from '@medtutor/contracts';
import { isSafeRedirect, postAuthTarget } from './post-auth-target';

const student: UserDto = Fixtures.userDto;
const admin: UserDto = { ...Fixtures.userDto, role: 'admin', isAdmin: true };
const tutor: UserDto = { ...Fixtures.userDto, role: 'tutor' };
const purchase = { subject: 'UCAT', packageType: 'package10', currency: 'GBP' } as const;

describe('isSafeRedirect', () => {
  it.each(['/my-tutoring', '/checkout?subject=UCAT&packageType=package5', '/', '/a/b#c', '/%2F%2Fexample.com'])(
    'accepts the same-origin path %s',
    (value) => expect(isSafeRedirect(value)).toBe(true),
  );

  it.each([
    null,
    '',
    'my-tutoring',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/my-tutoring',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil.example',
  ])('refuses %j', (value) => expect(isSafeRedirect(value)).toBe(false));
});

describe('postAuthTarget', () => {
  it('sends a student with a saved purchase to checkout, before any redirect', () => {
    const target = postAuthTarget({ user: student, pendingPurchase: purchase, redirect: '/about' });
    expect(target).toBe('/checkout?subject=UCAT&packageType=package10&currency=GBP');
  });

  it('ignores a saved purchase for admins and tutors, who do not buy', () => {
    expect(postAuthTarget({ user: admin, pendingPurchase: purchase, redirect: null })).toBe('/admin-dashboard');
    expect(postAuthTarget({ user: tutor, pendingPurchase: purchase, redirect: null })).toBe('/tutor');
  });

  it('follows a safe redirect', () => {
    expect(postAuthTarget({ user: student, pendingPurchase: null, redirect: '/my-tutoring?tab=1' })).toBe(
      '/my-tutoring?tab=1',
    );
    expect(postAuthTarget({ user: admin, pendingPurchase: null, redirect: '/admin' })).toBe('/admin');
  });

  it('falls back to the dashboard for an unsafe redirect', () => {
    expect(postAuthTarget({ user: student, pendingPurchase: null, redirect: '//evil.example' })).toBe('/my-tutoring');
  });

  it('sends admins to the admin dashboard, tutors to their portal and students to My Tutoring', () => {
    expect(postAuthTarget({ user: admin, pendingPurchase: null, redirect: null })).toBe('/admin-dashboard');
    expect(postAuthTarget({ user: student, pendingPurchase: null, redirect: null })).toBe('/my-tutoring');
    expect(postAuthTarget({ user: tutor, pendingPurchase: null, redirect: null })).toBe('/tutor');
  });
});

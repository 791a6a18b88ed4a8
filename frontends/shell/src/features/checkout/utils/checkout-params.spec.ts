import { describe, expect, it } from '@jest/globals';
import { checkoutHref, parseCheckoutParams } from './checkout-params';

const parse = (query: string) => parseCheckoutParams(new URLSearchParams(query));

describe('parseCheckoutParams', () => {
  it('reads every parameter', () => {
    expect(
      parse('subject=Medical+School+Support&packageType=package10&currency=EUR&discountCode=%20welcome30%20'),
    ).toEqual({
      subject: 'Medical School Support',
      packageType: 'package10',
      currency: 'EUR',
      discountCode: 'WELCOME30',
    });
  });

  it('defaults the package to a single session and the currency to GBP', () => {
    expect(parse('subject=Medical+School+Interviews')).toEqual({
      subject: 'Medical School Interviews',
      packageType: 'singleSession',
      currency: 'GBP',
    });
  });

  it('treats an empty discount code as none', () => {
    expect(parse('subject=UCAT&discountCode=%20%20')).not.toHaveProperty('discountCode');
  });

  it.each([
    ['no subject', 'packageType=package5'],
    ['a blank subject', 'subject=%20'],
    ['a subject we do not teach', 'subject=Dentistry'],
    ['an unknown package', 'subject=UCAT&packageType=package7'],
    ['an unknown currency', 'subject=UCAT&currency=XYZ'],
  ])('is invalid with %s', (_case, query) => {
    expect(parse(query)).toBeNull();
  });
});

describe('checkoutHref', () => {
  it('round-trips through the parser', () => {
    const params = {
      subject: 'Medical School Interviews',
      packageType: 'package5',
      currency: 'GBP',
      discountCode: 'TESTPOUND',
    } as const;
    const href = checkoutHref(params);
    expect(href).toBe(
      '/checkout?subject=Medical+School+Interviews&packageType=package5&currency=GBP&discountCode=TESTPOUND',
    );
    expect(parse(href.split('?')[1] ?? '')).toEqual(params);
  });

  it('leaves out an absent code', () => {
    expect(checkoutHref({ subject: 'UCAT', packageType: 'singleSession', currency: 'GBP' })).toBe(
      '/checkout?subject=UCAT&packageType=singleSession&currency=GBP',
    );
  });
});

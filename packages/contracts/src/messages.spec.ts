import { describe, expect, it } from '@jest/globals';
import { Notices, PageTexts, ServerMessages, TwoFactorTexts, ValidationMessages } from './messages.js';

/** Every entry of a table (nested groups flattened) with its path. */
const texts = (table: object, path = ''): [string, string][] =>
  Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? texts(value, `${path}${key}.`) : [[`${path}${key}`, value]],
  );

describe('user-facing texts', () => {
  it.each([
    ['ValidationMessages', 25, ValidationMessages],
    ['ServerMessages', 21, ServerMessages],
    ['Notices', 71, Notices],
    ['PageTexts', 3, PageTexts],
    ['TwoFactorTexts', 17, TwoFactorTexts],
  ])('%s: all %i texts are non-empty, trimmed and single-spaced', (_name, count, table) => {
    const all = texts(table).filter(([, value]) => typeof value === 'string');
    const functions = texts(table).filter(([, value]) => typeof value === 'function');
    expect(all.length + functions.length).toBe(count);
    for (const [path, text] of all) {
      expect({ path, text: text.trim() }).toEqual({ path, text });
      expect({ path, blank: text.length === 0, doubleSpace: text.includes('  ') }).toEqual({
        path,
        blank: false,
        doubleSpace: false,
      });
    }
  });

  it('groups the notices of docs/product.md §8 by page', () => {
    expect(
      Object.fromEntries(Object.entries(Notices).map(([group, table]) => [group, Object.keys(table).length])),
    ).toEqual({
      auth: 10,
      testimonials: 9,
      consultation: 7,
      password: 9,
      payment: 12,
      checkout: 3,
      dashboards: 21,
    });
  });

  it('keeps the wording of docs/product.md §2, §4, §5 and §8 for the texts people quote', () => {
    expect(ValidationMessages.passwordMin).toBe('Password must be at least 6 characters');
    expect(ValidationMessages.passwordsDontMatch).toBe("Passwords don't match");
    expect(ValidationMessages.sessionMin30).toBe('Session must be at least 30 minutes');
    expect(Notices.auth.loginSuccessTitle).toBe('Welcome back!');
    expect(Notices.payment.successTitle).toBe('Payment Successful!');
    expect(Notices.consultation.freeTrialSuccess).toBe(
      'We will contact you within 24 hours to arrange your free session.',
    );
    expect(PageTexts.notFoundTitle).toBe('404 Page Not Found');
    expect(PageTexts.tagline).toBe('Shift Your Thinking. Unlock Your Potential.');
  });

  it('fills in the texts that carry a value', () => {
    expect(ValidationMessages.hoursRange(7.5)).toBe('Please enter a valid number between 0 and 7.5');
    expect(ValidationMessages.controlCharacters('Phone')).toBe('Phone must not contain control characters');
    expect(Notices.payment.retrying(2, 3)).toBe('Retrying payment initialization... (2/3)');
    expect(Notices.checkout.initFailed('help@example.com')).toBe(
      'Failed to initialize payment system. Please contact support at help@example.com',
    );
  });
});

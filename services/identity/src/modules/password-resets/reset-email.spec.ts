import { describe, expect, it } from '@jest/globals';
import { resetLink, resetPasswordEmail } from './reset-email.js';

describe('resetLink', () => {
  it('points at the reset page with the token in the query string', () => {
    expect(resetLink('http://localhost:8080', 'abc_DEF-123')).toBe(
      'http://localhost:8080/reset-password?token=abc_DEF-123',
    );
  });

  it('keeps a path prefix of the public URL', () => {
    expect(resetLink('https://example.com/app', 't')).toBe('https://example.com/app/reset-password?token=t');
  });
});

describe('resetPasswordEmail', () => {
  const link = 'http://localhost:8080/reset-password?token=abc';
  const email = resetPasswordEmail({ email: 'amelia@example.com', username: 'amelia' }, link);

  it('goes to the account address with a plain subject', () => {
    expect(email.to).toBe('amelia@example.com');
    expect(email.subject).toBe('Reset your password');
  });

  it('gives the link, its 30-minute expiry and what to do if the user did not ask, in text and HTML', () => {
    for (const body of [email.text, email.html]) {
      expect(body).toContain(link);
      expect(body).toContain('expires in 30 minutes');
      expect(body).toContain("If you didn't ask to reset your password, ignore this email");
    }
    expect(email.html).toContain(`<a href="${link}">`);
  });

  it('escapes the username in the HTML', () => {
    const hostile = resetPasswordEmail({ email: 'x@example.com', username: '<img src=x onerror="alert(1)">' }, link);
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(hostile.text).toContain('Hello <img src=x onerror="alert(1)">,');
  });
});

import { Limits } from '@medtutor/contracts';
import { escapeHtml, type MailMessage } from '@medtutor/nest-kit';

/** `${PUBLIC_BASE_URL}/reset-password?token=...`: the page that reads the token from the query string. */
export const resetLink = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;

export function resetPasswordEmail(to: { email: string; username: string }, link: string): MailMessage {
  const minutes = Limits.resetTokenTtlMinutes;
  const text = [
    `Hello ${to.username},`,
    '',
    'We received a request to reset the password of your account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link expires in ${minutes} minutes and works once.`,
    '',
    "If you didn't ask to reset your password, ignore this email: your password stays as it is.",
  ].join('\n');
  // The username is user input: escaped like everything else that enters the markup.
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(to.username)},</p>`,
    '<p>We received a request to reset the password of your account. Open this link to choose a new one:</p>',
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    `<p>The link expires in ${minutes} minutes and works once.</p>`,
    "<p>If you didn't ask to reset your password, ignore this email: your password stays as it is.</p>",
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: 'Reset your password', text, html };
}

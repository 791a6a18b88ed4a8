import { TutorInvitationLinkHours, TutorInvitationMessages } from '@medtutor/contracts';
import { escapeHtml, type MailMessage } from '@medtutor/nest-kit';

/** The link is a password-reset link: the reset page sets the tutor's first password. */
export function tutorInvitationEmail(to: { email: string; firstName: string }, link: string): MailMessage {
  const days = TutorInvitationLinkHours / 24;
  const text = [
    `Hello ${to.firstName},`,
    '',
    'An administrator has created your MedPath tutor account. Open this link to choose your password:',
    '',
    link,
    '',
    `The link expires in ${days} days and works once. Afterwards, sign in with ${to.email} to see your`,
    'students, log the sessions you deliver and submit your weekly timesheets.',
  ].join('\n');
  // The name is admin input: escaped like everything else that enters the markup.
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    '<p>An administrator has created your MedPath tutor account. Open this link to choose your password:</p>',
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
    `<p>The link expires in ${days} days and works once. Afterwards, sign in with ${escapeHtml(to.email)} to see`,
    'your students, log the sessions you deliver and submit your weekly timesheets.</p>',
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: TutorInvitationMessages.emailSubject, text, html };
}

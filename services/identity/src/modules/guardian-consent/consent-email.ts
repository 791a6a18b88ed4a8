import { GuardianConsentLimits } from '@medtutor/contracts';
import { escapeHtml, type MailMessage } from '@medtutor/nest-kit';

/** `${PUBLIC_BASE_URL}/guardian-consent?token=...`: the page posts the token back in a request body. */
export const consentLink = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl}/guardian-consent?token=${encodeURIComponent(token)}`;

const page = (paragraphs: string[]) =>
  [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    '</body></html>',
  ].join('\n');

/** To the guardian a student aged 13–17 named: who asks, what consenting means, and the link. */
export function guardianConsentEmail(
  to: { guardianName: string; guardianEmail: string },
  studentFirstName: string,
  link: string,
  privacyPolicyUrl: string,
): MailMessage {
  const days = GuardianConsentLimits.linkTtlDays;
  const text = [
    `Hello ${to.guardianName},`,
    '',
    `${studentFirstName} has created an account with MedPath Tutors, an online tutoring service for students applying to medical school, and named you as their parent or guardian.`,
    '',
    `Students under 18 need a parent's or guardian's consent before they can buy tutoring sessions. By consenting you agree that ${studentFirstName} may buy tutoring sessions and packages, and that we process their personal data as our privacy policy describes (${privacyPolicyUrl}).`,
    '',
    'Open this link to read the details and give your consent:',
    '',
    link,
    '',
    `The link expires in ${days} days and works once.`,
    '',
    "If you don't know this student or do not want to consent, ignore this email: nothing can be bought without your consent.",
  ].join('\n');
  // Both names are user input: escaped like everything else that enters the markup.
  const student = escapeHtml(studentFirstName);
  const html = page([
    `Hello ${escapeHtml(to.guardianName)},`,
    `${student} has created an account with MedPath Tutors, an online tutoring service for students applying to medical school, and named you as their parent or guardian.`,
    `Students under 18 need a parent's or guardian's consent before they can buy tutoring sessions. By consenting you agree that ${student} may buy tutoring sessions and packages, and that we process their personal data as our <a href="${escapeHtml(privacyPolicyUrl)}">privacy policy</a> describes.`,
    `<a href="${escapeHtml(link)}">Read the details and give your consent</a>`,
    `The link expires in ${days} days and works once.`,
    "If you don't know this student or do not want to consent, ignore this email: nothing can be bought without your consent.",
  ]);
  return {
    to: to.guardianEmail,
    subject: `${studentFirstName} asks for your consent to use MedPath Tutors`,
    text,
    html,
  };
}

/** To the student once their guardian consented. */
export function consentGivenEmail(to: { email: string; firstName: string }, checkoutUrl: string): MailMessage {
  const text = [
    `Hello ${to.firstName},`,
    '',
    'Your parent or guardian has given their consent. You can now buy tutoring sessions and packages:',
    '',
    checkoutUrl,
  ].join('\n');
  const html = page([
    `Hello ${escapeHtml(to.firstName)},`,
    'Your parent or guardian has given their consent. You can now buy tutoring sessions and packages.',
    `<a href="${escapeHtml(checkoutUrl)}">See the packages</a>`,
  ]);
  return { to: to.email, subject: 'Your parent or guardian has given consent', text, html };
}

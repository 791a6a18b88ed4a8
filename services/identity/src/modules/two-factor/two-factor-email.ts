import { type SecondFactorChange, secondFactorEmailText } from '@medtutor/contracts';
import { htmlPage, type MailMessage } from '@medtutor/nest-kit';

/** The notice to the account's own address after each change of its second factor (no secret in it). */
export function secondFactorChangedEmail(
  to: { email: string; username: string },
  change: SecondFactorChange,
): MailMessage {
  const { subject, paragraphs } = secondFactorEmailText(change);
  const all = [`Hello ${to.username},`, ...paragraphs];
  return { to: to.email, subject, text: all.join('\n\n'), html: htmlPage(all) };
}

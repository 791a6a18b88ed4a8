import { ErasureEmailText } from '@medtutor/contracts';
import { htmlPage, type MailMessage } from '@medtutor/nest-kit';

/** The confirmation to the erased account's address, queued in the erasure's own transaction. */
export function accountErasedEmail(to: { email: string; username: string }): MailMessage {
  const all = [`Hello ${to.username},`, ...ErasureEmailText.paragraphs];
  return { to: to.email, subject: ErasureEmailText.subject, text: all.join('\n\n'), html: htmlPage(all) };
}

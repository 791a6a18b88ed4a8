import type { AdminPayment } from '@medtutor/contracts';

/** A moment as the UK team reads it. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** Who paid: the name, else the address, else the account number (an account may have neither any more). */
export const studentOf = (payment: Pick<AdminPayment, 'studentName' | 'studentEmail' | 'userId'>): string =>
  payment.studentName?.trim() || payment.studentEmail || `User ${payment.userId}`;

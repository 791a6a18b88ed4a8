import type { ExportedEmail } from '@medtutor/contracts';
import type { RawSqlQuerier } from '../events/student-names.js';

interface MailRow {
  subject: string;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
}

/** One row of `outbound_emails` as a personal-data export shows it: subject and times, never the body. */
export const toExportedEmail = (row: MailRow): ExportedEmail => ({
  subject: row.subject,
  queuedAt: row.created_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
  failedAt: row.failed_at?.toISOString() ?? null,
});

/**
 * The emails a service's `outbound_emails` holds for an address (issue 26 export), oldest first,
 * matched case-insensitively. Bodies are left out: cleared once sent, and an unsent one may hold a
 * live token.
 */
export async function emailsSentTo(db: RawSqlQuerier, address: string): Promise<ExportedEmail[]> {
  const rows = await db.$queryRawUnsafe<MailRow[]>(
    `SELECT subject, created_at, sent_at, failed_at FROM outbound_emails
      WHERE lower(to_address) = lower($1) ORDER BY created_at, id`,
    address.trim(),
  );
  return rows.map(toExportedEmail);
}

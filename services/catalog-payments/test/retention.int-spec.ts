import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capturedLogger } from '@medtutor/nest-kit/testing';
import { PaymentsRetentionJob } from '../src/modules/retention/retention.job.js';
import { type PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

const DAY = 24 * 3_600_000;
/** The round's time: far from the real one, so the round the service runs at start touches no row here. */
const NOW = new Date('2030-05-01T09:00:00.000Z');
const at = (offset: number) => new Date(NOW.getTime() + offset).toISOString();

/** catalog-payments' retention job against real rows: receipts' and refund notices' mail records. */
describe('catalog-payments retention', () => {
  let harness: PaymentsHarness;
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    harness = await startPaymentsService('payments_retention', {}, undefined, logger);
    // The round it runs at start is over (and its log line dropped); from here the test runs them.
    await harness.service.app.get(PaymentsRetentionJob).job.stop();
    lines.length = 0;
  });

  afterAll(() => harness?.stop());

  it('prunes mail records sent or abandoned RETENTION_MAIL_DAYS ago or more, never unsent ones, and logs counts only', async () => {
    const mail = (to: string, sent: number | null, failed: number | null = null) =>
      harness.sql.query(
        `INSERT INTO outbound_emails (id, to_address, subject, text, html, created_at, sent_at, failed_at)
         VALUES (gen_random_uuid(), $1, 'Your receipt', '', '', $2, $3, $4)`,
        [to, at(-400 * DAY), sent === null ? null : at(sent), failed === null ? null : at(failed)],
      );
    await mail('receipt-30-days-ago@example.com', -30 * DAY);
    await mail('receipt-a-week-ago@example.com', -7 * DAY);
    await mail('refund-notice-abandoned@example.com', null, -45 * DAY);
    await mail('receipt-not-yet-sent@example.com', null);

    expect(await harness.service.app.get(PaymentsRetentionJob).job.runOnce(NOW)).toEqual({ mail: 2 });

    const { rows } = await harness.sql.query<{ to_address: string }>(
      'SELECT to_address FROM outbound_emails ORDER BY to_address',
    );
    expect(rows.map((row) => row.to_address)).toEqual([
      'receipt-a-week-ago@example.com',
      'receipt-not-yet-sent@example.com',
    ]);
    expect(lines.find((line) => line.msg === 'retention round done')).toMatchObject({ deleted: { mail: 2 } });
    expect(JSON.stringify(lines)).not.toContain('@example.com');
  });
});

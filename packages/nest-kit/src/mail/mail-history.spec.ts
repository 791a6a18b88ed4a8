import { describe, expect, it } from '@jest/globals';
import { ExportedEmailSchema } from '@medtutor/contracts';
import { toExportedEmail } from './mail-history.js';

describe('toExportedEmail', () => {
  it('keeps the subject and the times, nothing of the body', () => {
    const exported = toExportedEmail({
      subject: 'Your receipt',
      created_at: new Date('2026-02-01T10:00:00Z'),
      sent_at: new Date('2026-02-01T10:00:05Z'),
      failed_at: null,
    });
    expect(ExportedEmailSchema.strict().parse(exported)).toEqual({
      subject: 'Your receipt',
      queuedAt: '2026-02-01T10:00:00.000Z',
      sentAt: '2026-02-01T10:00:05.000Z',
      failedAt: null,
    });
  });

  it('shows an email given up on with its failure time and no sending time', () => {
    const exported = toExportedEmail({
      subject: 'Booking confirmed',
      created_at: new Date('2026-02-01T10:00:00Z'),
      sent_at: null,
      failed_at: new Date('2026-02-02T10:00:00Z'),
    });
    expect(exported).toMatchObject({ sentAt: null, failedAt: '2026-02-02T10:00:00.000Z' });
  });
});

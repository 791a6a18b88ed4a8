import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPgPool,
  enqueueMail,
  type MailMessage,
  MailOutboxStore,
  MailRelay,
  Mailer,
  type RawSqlExecutor,
} from '@medtutor/nest-kit';
import { createTestDatabase, sql, type TestDatabase } from '@medtutor/nest-kit/testing';
import type pg from 'pg';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';

const migrationsDir = fileURLToPath(new URL('./fixtures/mail-migrations', import.meta.url));
const logger = pino({ level: 'silent' });
const FROM = 'MedPath Tests <no-reply@medpath.test>';

const ics = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//MedPath Tutors//Bookings//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:b-1@bookings.medpath',
  'DTSTAMP:20261207T120000Z',
  'DTSTART:20261207T170000Z',
  'DTEND:20261207T180000Z',
  'SUMMARY:UCAT tutoring session',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const invitation: MailMessage = {
  to: 'sam@example.com',
  subject: 'Your session is booked',
  text: 'Hello, your session is booked.',
  html: '<p>Hello, your session is booked.</p>',
  attachments: [{ filename: 'session.ics', contentType: 'text/calendar; method=REQUEST', content: ics }],
};

/** enqueueMail inside a real transaction on one pool client, as a service's Prisma transaction would. */
async function enqueue(pool: pg.Pool, message: MailMessage): Promise<void> {
  const client = await pool.connect();
  const tx: RawSqlExecutor = {
    $executeRawUnsafe: async (query, ...values) => (await client.query(query, values)).rowCount ?? 0,
  };
  try {
    await client.query('BEGIN');
    await enqueueMail(tx, message);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

interface Received {
  raw: string;
}

/** The base64 MIME parts, decoded: the .ics file travels so (its text/calendar alternative as 7bit). */
const base64Parts = (raw: string): string[] =>
  [...raw.matchAll(/Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/g)].map((match) =>
    Buffer.from(match[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8'),
  );

describe('mail attachments through the outbox and the relay', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: MailOutboxStore;
  let smtp: SMTPServer;
  let smtpUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('mail_attachments', migrationsDir);
    pool = createPgPool({ databaseUrl: db.url, max: 2, logger, name: 'mail-test' });
    store = new MailOutboxStore(pool);
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?ignoreTLS=true`;
  });

  beforeEach(async () => {
    received.length = 0;
    await sql(db, 'TRUNCATE outbound_emails');
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await pool.end();
    await db.drop();
  });

  it('queues the attachments with the email and hands them to the relay', async () => {
    await enqueue(pool, invitation);
    await enqueue(pool, { ...invitation, to: 'plain@example.com', attachments: undefined });

    const claimed = await store.claimDue(10, 60_000);

    expect(claimed.find((email) => email.to === 'sam@example.com')?.attachments).toEqual(invitation.attachments);
    // No attachments is no column value and no property, as before attachments existed.
    expect(claimed.find((email) => email.to === 'plain@example.com')).not.toHaveProperty('attachments');
    expect(await sql(db, 'SELECT count(*)::int AS n FROM outbound_emails WHERE attachments IS NULL')).toEqual([
      { n: 1 },
    ]);
  });

  it('sends a calendar invitation as a text/calendar alternative with its METHOD and as an .ics file, then clears it', async () => {
    await enqueue(pool, invitation);
    const mailer = new Mailer({ from: FROM, transport: { kind: 'smtp', url: smtpUrl } }, logger);
    try {
      expect(await new MailRelay(store, mailer, logger).sendDue()).toBe(1);
    } finally {
      mailer.close();
    }

    expect(received).toHaveLength(1);
    const raw = received[0]!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=session\.ics/i);
    expect(raw).toContain(`method=REQUEST\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${ics}`);
    expect(base64Parts(raw)).toEqual([ics]);
    expect(await sql(db, 'SELECT text, html, attachments, sent_at IS NOT NULL AS sent FROM outbound_emails')).toEqual([
      { text: '', html: '', attachments: null, sent: true },
    ]);
  });

  it('clears the attachments of an abandoned email too', async () => {
    await enqueue(pool, invitation);
    const [claimed] = await store.claimDue(1, 60_000);

    await store.markAbandoned(claimed!.id, '550 mailbox unavailable');

    expect(await sql(db, 'SELECT text, attachments, failed_at IS NOT NULL AS failed FROM outbound_emails')).toEqual([
      { text: '', attachments: null, failed: true },
    ]);
  });

  it('writes the attachments into the local mail-outbox file when there is no SMTP server', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nest-kit-mail-'));
    const mailer = new Mailer({ from: FROM, transport: { kind: 'folder', dir } }, logger);
    try {
      await mailer.send(invitation);
      const [file] = await readdir(dir);
      const written = JSON.parse(await readFile(join(dir, file!), 'utf8')) as MailMessage;
      expect(written.attachments).toEqual(invitation.attachments);
    } finally {
      mailer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

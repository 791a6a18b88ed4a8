import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegisterBodySchema } from '@medtutor/contracts';
import { createTestDatabase, stopTestInfra, type TestDatabase, eventually, sql } from '@medtutor/nest-kit/testing';
import { serviceModule } from '@medtutor/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import { identity } from '../src/service.js';
import { PasswordResetsService } from '../src/modules/password-resets/password-resets.service.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { capturedLogger, MIGRATIONS_DIR, testConfig } from './support/harness.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';

/** The mail relay across a shutdown: what it has started sending, it finishes and records. */
describe('mail relay at shutdown', () => {
  let nats: TestNats;
  let db: TestDatabase;
  let smtp: SmtpSink;
  let moduleRef: TestingModule;

  beforeAll(async () => {
    nats = await startTestNats();
    [db, smtp] = await Promise.all([
      createTestDatabase('identity_mail_relay', MIGRATIONS_DIR),
      startSmtpSink({ acceptDelayMs: 500 }),
    ]);
    const config = testConfig({ IDENTITY_DATABASE_URL: db.url, NATS_URL: nats.url, SMTP_URL: smtp.url });
    moduleRef = await Test.createTestingModule({
      imports: [serviceModule(identity, config, capturedLogger().logger)],
    }).compile();
    await moduleRef.init();
  });

  afterAll(async () => {
    await smtp?.close();
    await db?.drop();
    await nats?.stop();
    await stopTestInfra();
  });

  it('marks an email sent when the app closes mid-send, then leaves no database connection open', async () => {
    const body = RegisterBodySchema.parse({
      username: 'amelia',
      email: 'amelia@example.com',
      password: 'correct-horse-7',
    });
    await moduleRef.get(UsersService).register(body, 'corr-shutdown');
    await moduleRef.get(PasswordResetsService).requestReset('amelia@example.com', 'corr-shutdown');
    await eventually(async () => smtp.started() === 1, 5_000, 'the SMTP data transfer to begin');

    await moduleRef.close();

    expect(smtp.received).toHaveLength(1);
    expect(
      await sql(db.url, 'SELECT attempts, text, last_error, sent_at IS NOT NULL AS sent FROM outbound_emails'),
    ).toEqual([{ attempts: 1, text: '', last_error: null, sent: true }]);
    // Had the database closed before the relay finished, Prisma would have reconnected for the
    // last update and left that connection open.
    const others = 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
    expect(await sql(db.url, others)).toEqual([]);
  });
});

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegisterBodySchema } from '@medtutor/contracts';
import { createTestDatabase, stopTestInfra, type TestDatabase, eventually, sql } from '@medtutor/nest-kit/testing';
import { serviceModule } from '@medtutor/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import { identity } from '../src/service.js';
import { PasswordResetsService } from '../src/modules/password-resets/password-resets.service.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { capturedLogger, MIGRATIONS_DIR, testConfig } from './support/harness.js';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';

/**
 * Local runs without SMTP_URL: the relay writes each email into MAIL_OUTBOX_DIR and logs its path.
 * The app runs without a NATS listener here (the RPC surface is covered elsewhere), calling the
 * services directly.
 */
describe('local mail-outbox folder', () => {
  let nats: TestNats;
  let db: TestDatabase;
  let root: string;
  let outboxDir: string;
  let moduleRef: TestingModule;
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    nats = await startTestNats();
    db = await createTestDatabase('identity_mail_folder', MIGRATIONS_DIR);
    root = await mkdtemp(join(tmpdir(), 'identity-mail-'));
    // A folder that does not exist yet: the transport creates it.
    outboxDir = join(root, 'nested', 'mail-outbox');
    const config = testConfig({
      IDENTITY_DATABASE_URL: db.url,
      NATS_URL: nats.url,
      MAIL_OUTBOX_DIR: outboxDir,
    });
    expect(config.mail.transport).toEqual({ kind: 'folder', dir: outboxDir });
    moduleRef = await Test.createTestingModule({ imports: [serviceModule(identity, config, logger)] }).compile();
    await moduleRef.init();
  });

  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
    await rm(root, { recursive: true, force: true });
    await nats?.stop();
    await stopTestInfra();
  });

  it('writes a reset email as a JSON file, logs where, and clears the queued body', async () => {
    const body = RegisterBodySchema.parse({
      username: 'amelia',
      email: 'amelia@example.com',
      password: 'correct-horse-7',
    });
    await moduleRef.get(UsersService).register(body, 'corr-folder');
    await moduleRef.get(PasswordResetsService).requestReset('Amelia@Example.com', 'corr-folder');

    const [name, ...others] = await eventually(
      async () => {
        const names = await readdir(outboxDir).catch(() => []);
        const json = names.filter((entry) => entry.endsWith('.json'));
        return json.length ? json : undefined;
      },
      10_000,
      'a mail file',
    );
    expect(others).toEqual([]);
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.json$/);

    const path = join(outboxDir, name ?? '');
    const message = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    expect(Object.keys(message).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    expect(message).toMatchObject({ to: 'amelia@example.com', subject: 'Reset your password' });
    expect(new Date(message.createdAt ?? '').toISOString()).toBe(message.createdAt);
    const link = message.text?.match(/http:\/\/localhost:8080\/reset-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();
    expect(message.html).toContain(`href="${link}"`);
    // It holds a live token: readable by its owner only.
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    // The log names the file to open, never the live link or the recipient.
    const logged = lines.find((line) => String(line.msg).startsWith('local mail outbox:'));
    expect(logged).toMatchObject({ level: 30, msg: 'local mail outbox: "Reset your password"', file: path });
    expect(JSON.stringify(logged)).not.toContain('amelia@example.com');
    expect(JSON.stringify(logged)).not.toContain(link!.split('token=')[1]);

    await eventually(
      async () => {
        const rows = await sql<{ text: string; html: string; sent_at: Date | null }>(
          db.url,
          'SELECT text, html, sent_at FROM outbound_emails',
        );
        return rows.length === 1 && rows[0]?.sent_at !== null && rows[0]?.text === '' && rows[0]?.html === '';
      },
      5_000,
      'the queued body to be cleared',
    );
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema, EventTypes, UserRegisteredV1Schema } from '@medtutor/contracts';
import { createTestDatabase, stopTestInfra, type TestDatabase, sql } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { PasswordHasher } from '../src/infra/password-hasher.js';
import { PrismaService } from '../src/infra/prisma.service.js';
import { seedAdmin } from '../src/modules/users/admin-seed.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { MIGRATIONS_DIR, testConfig } from './support/harness.js';

/** The admin seed that `main.ts` runs before the service listens, against a real database. */
describe('admin seed', () => {
  const admin = { email: 'admin@medpath.local', password: 'ChangeMe-Admin-2026' };
  const hasher = new PasswordHasher();
  let db: TestDatabase;
  let prisma: PrismaService;
  let users: UsersRepository;

  const passwordHashOf = async (email: string) =>
    (await sql<{ password_hash: string }>(db.url, 'SELECT password_hash FROM users WHERE email = $1', [email]))[0]
      ?.password_hash ?? '';

  beforeAll(async () => {
    db = await createTestDatabase('identity_seed', MIGRATIONS_DIR);
    prisma = new PrismaService(testConfig({ IDENTITY_DATABASE_URL: db.url }), pino({ level: 'silent' }));
    users = new UsersRepository(prisma);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
    await stopTestInfra();
  });

  beforeEach(async () => {
    await db.truncate();
  });

  it('creates the admin with its user_registered event once, then finds it', async () => {
    expect(await seedAdmin(users, hasher, admin)).toBe('created');
    expect(await seedAdmin(users, hasher, admin)).toBe('exists');
    expect(await sql(db.url, 'SELECT username, email, role FROM users')).toEqual([
      { username: 'admin', email: 'admin@medpath.local', role: 'admin' },
    ]);
    expect(await hasher.verify(await passwordHashOf(admin.email), admin.password)).toBe(true);
    const events = await sql<{ payload: unknown }>(db.url, 'SELECT payload FROM outbox_events');
    expect(events).toHaveLength(1);
    const envelope = EventEnvelopeSchema.parse(events[0]?.payload);
    expect(envelope.type).toBe(EventTypes.userRegistered);
    expect(UserRegisteredV1Schema.parse(envelope.data)).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('never overwrites a password changed after seeding', async () => {
    await seedAdmin(users, hasher, admin);
    await sql(db.url, 'UPDATE users SET password_hash = $1 WHERE email = $2', [
      await hasher.hash('changed-by-the-admin-1'),
      admin.email,
    ]);
    expect(await seedAdmin(users, hasher, admin)).toBe('exists');
    const hash = await passwordHashOf(admin.email);
    expect(await hasher.verify(hash, 'changed-by-the-admin-1')).toBe(true);
    expect(await hasher.verify(hash, admin.password)).toBe(false);
  });

  it('recognises the admin whatever the case of the configured email', async () => {
    await seedAdmin(users, hasher, admin);
    expect(await seedAdmin(users, hasher, { ...admin, email: 'Admin@MedPath.LOCAL' })).toBe('exists');
    expect(await sql(db.url, 'SELECT 1 FROM users')).toHaveLength(1);
  });

  it('creates one admin when replicas seed at the same moment', async () => {
    const results = await Promise.all([1, 2, 3].map(() => seedAdmin(users, hasher, admin)));
    expect(results.sort()).toEqual(['created', 'exists', 'exists']);
    expect(await sql(db.url, 'SELECT 1 FROM users')).toHaveLength(1);
  });

  it('leaves alone an account that already holds the username "admin" under another email', async () => {
    await sql(
      db.url,
      `INSERT INTO users (username, email, password_hash, updated_at) VALUES ('admin', 'someone@example.com', 'x', now())`,
    );
    expect(await seedAdmin(users, hasher, admin)).toBe('username-taken');
    expect(await sql(db.url, 'SELECT username, email, role FROM users')).toEqual([
      { username: 'admin', email: 'someone@example.com', role: 'student' },
    ]);
  });
});

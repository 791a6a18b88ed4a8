import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Actor } from '@medtutor/contracts';
import {
  signedRpc,
  sql,
  startServiceUnderTest,
  type ServiceUnderTest,
  type TestNats,
  testActorKeys,
} from '@medtutor/nest-kit/testing';
import { tutoring } from '../../src/service.js';
import { loadTutoringConfig, type TutoringConfig } from '../../src/config/tutoring.config.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
export const TEAM_EMAIL = 'team@medpath.test';

/** The service's config for a test: mail goes to a private folder, never to a real server. */
export function testConfig(env: Record<string, string | undefined>, mailDir: string): TutoringConfig {
  return loadTutoringConfig({
    ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
    NODE_ENV: 'test',
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mailDir,
    SUPPORT_EMAIL: TEAM_EMAIL,
    ...env,
  });
}

export async function startTutoring(
  label: string,
  env: Record<string, string | undefined> = {},
  nats?: TestNats,
): Promise<ServiceUnderTest & { mailDir: string }> {
  const mailDir = await mkdtemp(join(tmpdir(), 'tutoring-mail-'));
  const service = await startServiceUnderTest({
    service: tutoring,
    label,
    nats,
    config: ({ databaseUrl, natsUrl }) =>
      testConfig({ TUTORING_DATABASE_URL: databaseUrl, NATS_URL: natsUrl, ...env }, mailDir),
  });
  return Object.assign(service, { mailDir });
}

export const actors = {
  admin: { userId: 1, role: 'admin' },
  studentA: { userId: 10, role: 'student' },
  studentB: { userId: 11, role: 'student' },
  tutor: { userId: 20, role: 'tutor' },
  otherTutor: { userId: 21, role: 'tutor' },
} satisfies Record<string, Actor>;

export const rpc = (service: ServiceUnderTest) => signedRpc(service.client, 'tutoring-test');

/** A package as the payment consumer would create it, for tests that start from one. */
export async function insertPackage(
  databaseUrl: string,
  values: { userId: number; totalHours: number; usedHours?: number; subject?: string },
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    databaseUrl,
    `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, used_hours, purchase_date, updated_at)
     VALUES ($1, $2, $3, $4, $4, $5, now(), now()) RETURNING id`,
    [
      values.userId,
      values.subject ?? 'Medical School Interviews',
      'Test package',
      values.totalHours,
      values.usedHours ?? 0,
    ],
  );
  return row!.id;
}

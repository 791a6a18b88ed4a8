import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { type IdentityConfig, loadIdentityConfig } from '../../src/config/identity.config.js';
import { type ServiceUnderTest, startServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { identity } from '../../src/service.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
export const PUBLIC_BASE_URL = 'http://localhost:8080';
export const MAIL_FROM = 'MedPath Tests <no-reply@medpath.test>';

export function testConfig(
  env: { IDENTITY_DATABASE_URL: string; NATS_URL?: string } & Record<string, string | undefined>,
): IdentityConfig {
  return loadIdentityConfig({
    ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
    NODE_ENV: 'test',
    PUBLIC_BASE_URL,
    MAIL_FROM,
    ...env,
  });
}

/** A pino logger whose lines are kept in memory instead of printed. */
export function capturedLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

/** identity from its module on a fresh database named after `label`, with `env` over the test settings. */
export const startIdentityUnderTest = (label: string, env: Record<string, string> = {}): Promise<ServiceUnderTest> =>
  startServiceUnderTest({
    service: identity,
    label,
    config: ({ databaseUrl, natsUrl }) => testConfig({ IDENTITY_DATABASE_URL: databaseUrl, NATS_URL: natsUrl, ...env }),
  });

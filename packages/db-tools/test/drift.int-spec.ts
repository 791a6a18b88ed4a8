import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPostgresAdminUrl } from '@medtutor/nest-kit/testing';
import { checkDrift, findServiceSchemas } from '@medtutor/db-tools';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eventKitSchema = join(repoRoot, 'packages/nest-kit/prisma/event-kit.prisma');
const mailKitSchema = join(repoRoot, 'packages/nest-kit/prisma/mail-kit.prisma');
const services = await findServiceSchemas(repoRoot);
const mailSenders: typeof services = [];
for (const service of services) {
  if (/^model OutboundEmail \{$/m.test(await readFile(service.schemaPath, 'utf8'))) mailSenders.push(service);
}

/** A model's text without blank lines or alignment, so only real differences count. */
function modelBlock(schema: string, model: string): string {
  const match = new RegExp(`^model ${model} \\{$([\\s\\S]*?)^\\}$`, 'm').exec(schema);
  if (!match?.[1]) throw new Error(`model ${model} not found`);
  return match[1]
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join('\n');
}

describe('schemas and migrations agree', () => {
  let shadowAdminUrl: string;

  beforeAll(async () => {
    shadowAdminUrl = await testPostgresAdminUrl();
  });

  it('finds every service that has a schema', () => {
    expect(services.map((service) => service.service)).toEqual(
      expect.arrayContaining(['catalog-payments', 'identity', 'payroll', 'reviews', 'tutoring']),
    );
  });

  it.each(services.map((service) => [service.service, service] as const))(
    '%s: schema.prisma matches its migrations',
    async (_name, service) => {
      expect(await checkDrift({ ...service, shadowAdminUrl })).toBe('');
    },
  );

  it.each(services.map((service) => [service.service, service] as const))(
    '%s: carries the event kit models unchanged',
    async (_name, service) => {
      const canonical = await readFile(eventKitSchema, 'utf8');
      const schema = await readFile(service.schemaPath, 'utf8');
      for (const model of ['OutboxEvent', 'InboxEvent']) {
        expect(modelBlock(schema, model)).toBe(modelBlock(canonical, model));
      }
    },
  );

  it('finds the services that send email', () => {
    expect(mailSenders.map((service) => service.service)).toContain('identity');
  });

  it.each(mailSenders.map((service) => [service.service, service] as const))(
    '%s: carries the mail kit model unchanged',
    async (_name, service) => {
      const schema = await readFile(service.schemaPath, 'utf8');
      const canonical = await readFile(mailKitSchema, 'utf8');
      expect(modelBlock(schema, 'OutboundEmail')).toBe(modelBlock(canonical, 'OutboundEmail'));
    },
  );

  it('nest-kit test migrations match the event kit models', async () => {
    const migrationsDir = join(repoRoot, 'packages/nest-kit/test/fixtures/migrations');
    expect(await checkDrift({ schemaPath: eventKitSchema, migrationsDir, shadowAdminUrl })).toBe('');
  });

  it('nest-kit mail test migrations match the mail kit model', async () => {
    const migrationsDir = join(repoRoot, 'packages/nest-kit/test/fixtures/mail-migrations');
    expect(await checkDrift({ schemaPath: mailKitSchema, migrationsDir, shadowAdminUrl })).toBe('');
  });
});

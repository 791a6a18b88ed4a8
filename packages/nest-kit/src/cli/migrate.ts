#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig, NodeEnvSchema } from '../config/load-config.js';
import { checkDatabaseTls } from '../db/database-tls.js';
import { applyMigrations, ensureDatabase, readMigrations } from '../db/migrations.js';
import { createLogger } from '../logging/logger.js';

const USAGE = `Usage: DATABASE_URL=postgresql://… node packages/nest-kit/dist/cli/migrate.js <migrations dir>

Applies a service's migrations (services/<service>/prisma/migrations) and exits: 0 once the
database is up to date, 1 on any failure. The migration Job of a release runs it from the
service's own image before the rollout, while the service runs with MIGRATE_ON_START=false.
DB_AUTO_CREATE=true creates the database first; LOG_LEVEL as for the services. With
NODE_ENV=production the URL must verify the server (sslmode=verify-full&sslrootcert=<CA bundle>).`;

const MigrateEnvSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .url()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgresql:// URL'),
    DB_AUTO_CREATE: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
    NODE_ENV: NodeEnvSchema,
  })
  // The services' own rule (serviceRuntime), so the Job fails first, and with the same fix named.
  .superRefine((env, ctx) => {
    const problem = checkDatabaseTls(env.DATABASE_URL, env.NODE_ENV === 'production');
    if (problem) ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: problem });
  });

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0] === '--help') {
    console.error(USAGE);
    return argv[0] === '--help' ? 0 : 1;
  }
  const migrationsDir = resolve(argv[0]!);
  if (!existsSync(migrationsDir)) {
    console.error(`No migrations folder at ${migrationsDir}\n\n${USAGE}`);
    return 1;
  }
  if ((await readMigrations(migrationsDir)).length === 0) {
    console.error(`${migrationsDir} holds no migrations: is it a service's prisma/migrations folder?`);
    return 1;
  }
  const env = loadConfig(MigrateEnvSchema);
  const logger = createLogger('migrate', env.LOG_LEVEL);
  if (env.DB_AUTO_CREATE && (await ensureDatabase(env.DATABASE_URL))) logger.info('database created');
  const result = await applyMigrations({ databaseUrl: env.DATABASE_URL, migrationsDir, logger });
  logger.info(
    { applied: result.applied.length, total: result.applied.length + result.alreadyApplied.length },
    'migrations up to date',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A configuration error is already a readable list; a failed migration names itself.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

#!/usr/bin/env node
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkDrift, createMigration, findServiceSchemas } from './migrations.js';

const USAGE = `Usage:
  medtutor-db migrate-new --service <name> --name <migration name>
      Writes services/<name>/prisma/migrations/<timestamp>_<name>/migration.sql from the schema.
  medtutor-db migrate-new --schema <file or folder> --migrations <dir> --name <migration name>
      The same for a schema outside services/ (paths relative to the repository root).
  medtutor-db drift [--service <name>]
      Fails when a service's schema and its migrations disagree (every service by default).
A service's schema and migrations are those of its prisma.config.ts (its schema folder holds the
kits' models too).
Shadow databases are created on SHADOW_ADMIN_URL (default postgresql://postgres@127.0.0.1:5432/postgres).`;

// Both src/cli.ts and dist/cli.js sit two levels below packages/db-tools.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shadowAdminUrl = process.env.SHADOW_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      schema: { type: 'string' },
      migrations: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const services = await findServiceSchemas(repoRoot);
  const selected = values.service ? services.filter((service) => service.service === values.service) : services;
  if (values.service && selected.length === 0) {
    console.error(`No services/${values.service}/prisma.config.ts`);
    return 1;
  }

  if (command === 'migrate-new') {
    const target =
      values.schema && values.migrations
        ? { schemaPath: resolve(repoRoot, values.schema), migrationsDir: resolve(repoRoot, values.migrations) }
        : values.service
          ? selected[0]
          : undefined;
    if (!values.name || !target) {
      console.error(USAGE);
      return 1;
    }
    const created = await createMigration({ ...target, name: values.name, shadowAdminUrl });
    console.log(
      created
        ? `Wrote ${relative(repoRoot, created.directory)}/migration.sql`
        : `${relative(repoRoot, target.schemaPath)}: schema and migrations already agree, nothing written`,
    );
    return 0;
  }

  if (command === 'drift') {
    if (selected.length === 0) console.log('No services/*/prisma.config.ts yet');
    let drifted = 0;
    for (const service of selected) {
      const sql = await checkDrift({ ...service, shadowAdminUrl });
      if (sql) {
        drifted += 1;
        console.error(`${service.service}: the schema differs from its migrations; a new migration would be:\n${sql}`);
      } else {
        console.log(`${service.service}: no drift`);
      }
    }
    return drifted ? 1 : 0;
  }

  console.error(`Unknown command "${command}"\n${USAGE}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

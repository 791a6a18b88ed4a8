import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import {
  actorVerifyEnvShape,
  applyMigrations,
  ensureDatabase,
  loadConfig,
  prismaPgArguments,
  serviceEnvSchema,
  serviceRuntime,
} from '@medtutor/nest-kit';
import { testActorKeys } from '@medtutor/nest-kit/testing';

/**
 * Verified TLS against a PostgreSQL served, as a managed one is, with a certificate from a private
 * CA: a server of its own (initdb, ssl=on) on TEST_TLS_PG_PORT (5441) with data under
 * TEST_TLS_PG_DIR (the system temp folder), certificates made here with openssl. A service's pool
 * (the one its Prisma adapter uses) and the migration command connect under verify-full with the
 * CA, and fail at start, naming the fix, with another CA, another host name or no CA. Without
 * initdb, pg_ctl or openssl the test fails: it never skips.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const MIGRATE = join(REPO, 'packages/nest-kit/dist/cli/migrate.js');
const MIGRATIONS = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const PORT = Number(process.env.TEST_TLS_PG_PORT ?? 5441);
const logger = pino({ level: 'silent' });

/** initdb refuses root: as root (a container, this machine) the server runs as `postgres`. */
const asServerUser = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? { file: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { file: command, args };

function run(command: string, args: string[]): string {
  const { file, args: fullArgs } = asServerUser(command, args);
  return execFileSync(file, fullArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A CA (key and certificate) named `name` in `dir`. */
function makeCa(dir: string, name: string): { key: string; cert: string } {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.pem`);
  openssl([
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
    '-subj', `/CN=${name}`, '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-keyout', key, '-out', cert,
  ]); // prettier-ignore
  return { key, cert };
}

describe('database TLS under verify-full against a private CA', () => {
  let root: string;
  let data: string;
  let started = false;
  let ca: string;
  let otherCa: string;
  let adminUrl: (params: string, host?: string) => string;

  beforeAll(() => {
    const base = process.env.TEST_TLS_PG_DIR ?? tmpdir();
    mkdirSync(base, { recursive: true });
    root = mkdtempSync(join(base, 'pg-tls-'));
    chmodSync(root, 0o755);
    data = join(root, 'data');

    const authority = makeCa(root, 'medtutor-test-db-ca');
    ca = authority.cert;
    otherCa = makeCa(root, 'another-provider-ca').cert;
    // The server's certificate names `localhost` only, so 127.0.0.1 is a wrong host name.
    const serverKey = join(root, 'server.key');
    const serverCsr = join(root, 'server.csr');
    const serverCert = join(root, 'server.crt');
    const extensions = join(root, 'server.ext');
    writeFileSync(extensions, 'basicConstraints=CA:FALSE\nsubjectAltName=DNS:localhost\n');
    openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=localhost', '-keyout', serverKey, '-out', serverCsr]); // prettier-ignore
    openssl(['x509', '-req', '-in', serverCsr, '-CA', ca, '-CAkey', authority.key, '-CAcreateserial', '-days', '1', '-extfile', extensions, '-out', serverCert]); // prettier-ignore
    chmodSync(serverKey, 0o600);
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(root, uid, gid);
      chownSync(serverKey, uid, gid);
      chownSync(serverCert, uid, gid);
    }

    run('initdb', ['--no-sync', '-A', 'trust', '-U', 'postgres', '-D', data]);
    const options = [
      `-p ${PORT}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${root}`,
      '-c ssl=on',
      `-c ssl_cert_file=${serverCert}`,
      `-c ssl_key_file=${serverKey}`,
      '-c fsync=off',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-o', options, '-w', '-t', '20', 'start']);
    started = true;
    adminUrl = (params, host = 'localhost') => `postgresql://postgres@${host}:${PORT}/postgres?${params}`;
  });

  afterAll(() => {
    try {
      if (started) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      if (root) rmSync(root, { recursive: true, force: true });
    }
  });

  const verified = (database: string, caFile = ca, host = 'localhost') =>
    adminUrl(`sslmode=verify-full&sslrootcert=${caFile}`, host).replace('/postgres?', `/${database}?`);

  /** A service's config as it loads in production (serviceRuntime's checks included). */
  const productionConfig = (databaseUrl: string) =>
    loadConfig(
      serviceEnvSchema('EXAMPLE_DATABASE_URL')
        .extend(actorVerifyEnvShape)
        .transform((env, ctx) => serviceRuntime(env, ctx, { variable: 'EXAMPLE_DATABASE_URL', leases: 1 })),
      {
        NODE_ENV: 'production',
        NATS_USER: 'example',
        NATS_PASSWORD: 'examplePassword-0123456789',
        ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
        DATABASE_CONNECTIONS: '8',
        EXAMPLE_DATABASE_URL: databaseUrl,
      },
    );

  it('connects a service under verify-full with the CA: config accepted, its Prisma pool on TLS', async () => {
    await ensureDatabase(verified('tls_service'));
    const config = productionConfig(verified('tls_service'));
    const [pool] = prismaPgArguments({
      databaseUrl: config.databaseUrl,
      poolSize: config.databaseConnections.prisma,
      logger,
    });
    try {
      const { rows } = await pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(rows).toEqual([{ ssl: true }]);
      expect(pool.options.max).toBe(5);
    } finally {
      await pool.end();
    }
  });

  it('applies migrations under verify-full, through the migration command as the Job runs it', async () => {
    const url = verified('tls_migrate');
    expect(await ensureDatabase(url)).toBe(true);
    const result = await applyMigrations({ databaseUrl: url, migrationsDir: MIGRATIONS });
    expect(result).toEqual({ applied: ['20261122034357_event_kit'], alreadyApplied: [] });
    const cli = await migrateCli({ NODE_ENV: 'production', DATABASE_URL: url });
    expect(cli).toMatchObject({ code: 0 });
    expect(cli.stdout).toContain('migrations up to date');
  });

  it('fails at start, naming the fix, when the CA is another provider’s', async () => {
    await expect(
      applyMigrations({ databaseUrl: verified('postgres', otherCa), migrationsDir: MIGRATIONS }),
    ).rejects.toThrow(
      /^Database TLS failed \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\): the database's certificate is not signed by a CA in sslrootcert: mount the CA bundle of the provider/,
    );
    const cli = await migrateCli({ NODE_ENV: 'production', DATABASE_URL: verified('postgres', otherCa) });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/Database TLS failed .* mount the CA bundle of the provider/);
  });

  it('fails at start, naming the fix, when the host name is not the certificate’s', async () => {
    await expect(
      applyMigrations({ databaseUrl: verified('postgres', ca, '127.0.0.1'), migrationsDir: MIGRATIONS }),
    ).rejects.toThrow(
      /^Database TLS failed \(ERR_TLS_CERT_ALTNAME_INVALID\): the database's certificate does not name the host in the URL/,
    );
  });

  it('fails at start without a CA: production refuses the URL, elsewhere the system store cannot verify it', async () => {
    expect(() => productionConfig(adminUrl('sslmode=verify-full'))).toThrow(
      /EXAMPLE_DATABASE_URL: sslmode=verify-full needs sslrootcert=\/etc\/medtutor\/database-ca\/ca.pem in production/,
    );
    expect(() => productionConfig(adminUrl('sslmode=require'))).toThrow(
      /EXAMPLE_DATABASE_URL: sslmode=require means a weaker check/,
    );
    expect(() => productionConfig(verified('postgres', join(root, 'missing.pem')))).toThrow(
      /EXAMPLE_DATABASE_URL: sslrootcert .*missing.pem does not exist: mount the database provider's CA bundle there/,
    );
    const cli = await migrateCli({ NODE_ENV: 'production', DATABASE_URL: adminUrl('sslmode=require') });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/DATABASE_URL: sslmode=require means a weaker check/);
    await expect(
      applyMigrations({ databaseUrl: adminUrl('sslmode=verify-full'), migrationsDir: MIGRATIONS }),
    ).rejects.toThrow(/^Database TLS failed \(\w+\): the database's certificate is not signed by a CA in sslrootcert/);
  });
});

/** The built migrate command (`npm run build -w packages/nest-kit`), with only `env` and PATH. */
function migrateCli(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MIGRATE, MIGRATIONS],
      { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { APPS, configProblems, ROOT, SERVICES } from '../infra/infra-helpers.js';

const varDir = mkdtempSync(join(tmpdir(), 'local-env-'));
afterAll(() => rmSync(varDir, { recursive: true, force: true }));

/** The environment `npm start` gives the apps, from a clean environment (no variable set). */
function localEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const script = `source scripts/lib/common.sh && VAR_DIR="$1" && source scripts/lib/local-env.sh && env -0`;
  const output = execFileSync('bash', ['-c', script, 'local-env', varDir], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: varDir, ...overrides },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    output
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('scripts/lib/local-env.sh', () => {
  const env = localEnv();

  it.each(APPS)('gives $name a configuration it starts with', async (app) => {
    expect(await configProblems(app, env)).toEqual([]);
  });

  it('puts each service in its own database on the admin URL server', () => {
    for (const service of SERVICES) {
      expect(env[service.databaseVar!]).toBe(`postgresql://postgres@127.0.0.1:5432/${service.database}`);
    }
  });

  it('follows the admin URL to another server, keeping credentials and options', () => {
    const moved = localEnv({ DATABASE_ADMIN_URL: 'postgresql://me:pw@127.0.0.1:55432/postgres?sslmode=disable' });
    expect(moved.IDENTITY_DATABASE_URL).toBe('postgresql://me:pw@127.0.0.1:55432/medtutor_identity?sslmode=disable');
  });

  it('keeps a value that is already set', () => {
    expect(localEnv({ PORT: '9999', PAYMENTS_PROVIDER: 'stripe' })).toMatchObject({
      PORT: '9999',
      PUBLIC_BASE_URL: 'http://localhost:9999',
      PAYMENTS_PROVIDER: 'stripe',
    });
  });

  it('generates one random session secret and keeps it across runs', () => {
    const stored = readFileSync(join(varDir, 'session-secret'), 'utf8');
    expect(stored.length).toBeGreaterThanOrEqual(32);
    expect(env.SESSION_SECRET).toBe(stored);
    expect(localEnv().SESSION_SECRET).toBe(stored);
  });

  const users = [
    'gateway',
    'identity',
    'catalog-payments',
    'tutoring',
    'reviews',
    'payroll',
    'provisioner',
    'backup',
    'admin',
  ];
  const passwordVar = (user: string) => `NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`;

  it('generates one NATS password per user once, which the NATS config reads as a string and the apps accept', async () => {
    const stored = readFileSync(join(varDir, 'nats-passwords'), 'utf8');
    const passwords = users.map((user) => env[passwordVar(user)] ?? '');
    for (const password of passwords) {
      expect(password).toMatch(/^n[0-9a-f]{48}$/);
      expect(stored).toContain(`=${password}\n`);
    }
    expect(new Set(passwords).size).toBe(users.length);
    expect(localEnv()[passwordVar('tutoring')]).toBe(env[passwordVar('tutoring')]);
    expect(localEnv({ NATS_TUTORING_PASSWORD: 'fromTheEnvironment-123' }).NATS_TUTORING_PASSWORD).toBe(
      'fromTheEnvironment-123',
    );
    for (const app of APPS) {
      const own = { ...env, NATS_USER: app.name, NATS_PASSWORD: env[passwordVar(app.name)] ?? '' };
      expect(await configProblems(app, own)).toEqual([]);
    }
  });

  it('adds the password of a user new since the file was written, keeping the others', () => {
    const older = mkdtempSync(join(tmpdir(), 'local-env-older-'));
    try {
      writeFileSync(join(older, 'nats-passwords'), 'NATS_GATEWAY_PASSWORD=nKeptGateway0\n', { mode: 0o600 });
      const script = `source scripts/lib/common.sh && VAR_DIR="$1" && source scripts/lib/local-env.sh && env -0`;
      execFileSync('bash', ['-c', script, 'local-env', older], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: older },
      });
      const lines = readFileSync(join(older, 'nats-passwords'), 'utf8').trim().split('\n');
      expect(lines[0]).toBe('NATS_GATEWAY_PASSWORD=nKeptGateway0');
      expect(lines.map((line) => line.split('=')[0]).sort()).toEqual(users.map(passwordVar).sort());
      expect(lines.find((line) => line.startsWith('NATS_PROVISIONER_PASSWORD='))).toMatch(/=n[0-9a-f]{48}$/);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });

  it("runs each app as its own NATS user, with no other process's password or secret in its environment", () => {
    // scripts/start.sh's secret owners and app_command, run by /bin/sh as concurrently runs it.
    const script = `source scripts/lib/common.sh && VAR_DIR="$1" && source scripts/lib/local-env.sh &&
      eval "$(sed -n '/^declare -A SECRET_OWNER=(/,/^}/p' scripts/start.sh)" &&
      sh -c "$(app_command catalog-payments /dev/null | sed 's#exec node /dev/null#env -0#')"`;
    const output = execFileSync('bash', ['-c', script, 'start', varDir], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: varDir },
      encoding: 'utf8',
    });
    const child = Object.fromEntries(
      output
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    expect(child.NATS_USER).toBe('catalog-payments');
    expect(child.NATS_PASSWORD).toBe(env[passwordVar('catalog-payments')]);
    expect(Object.keys(child).filter((name) => /^NATS_\w+_PASSWORD$/.test(name))).toEqual([]);
    // The gateway's signing key and session secret and identity's TOTP key stay with their owners;
    // the public keys that verify the gateway's assertions reach every service.
    expect(env.ACTOR_SIGNING_KEY).toBeDefined();
    expect(Object.keys(child)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(ACTOR_SIGNING_KEY|SESSION_SECRET|TOTP_ENCRYPTION_KEY)$/)]),
    );
    expect(child.ACTOR_VERIFY_KEYS).toBe(env.ACTOR_VERIFY_KEYS);
    expect(child.HEALTH_PORT).toBeUndefined();
  });

  it('gives an app its probe port (PROBE_PORT_BASE) as HEALTH_PORT', () => {
    const script = `source scripts/lib/common.sh && VAR_DIR="$1" && source scripts/lib/local-env.sh &&
      eval "$(sed -n '/^declare -A SECRET_OWNER=(/,/^}/p' scripts/start.sh)" &&
      declare -A PROBE_PORTS=([gateway]=21000 [reviews]=21004) &&
      sh -c "$(app_command reviews /dev/null | sed 's#exec node /dev/null#env -0#')"`;
    const output = execFileSync('bash', ['-c', script, 'start', varDir], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: varDir },
      encoding: 'utf8',
    });
    expect(output.split('\0')).toContain('HEALTH_PORT=21004');
  });
});

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@medtutor/nest-kit/testing';
import { Redis, type RedisOptions } from 'ioredis';
import { redisTlsOptions } from '../src/redis/redis.module.js';

/**
 * A Redis reached over TLS whose certificate a private CA signed, as a managed Redis of a provider
 * with its own CA (infra/README.md, "Production overlay"): a real redis-server on its TLS port only,
 * a CA made by openssl. The gateway's client (rediss:// with REDIS_CA_FILE) reaches it; without
 * the CA, or in clear text, nothing does.
 */
let TLS_PORT: number;
const password = `r${randomBytes(16).toString('hex')}`;

async function makePki(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=test internal CA', '-keyout', 'ca.key', '-out', 'ca.crt']);
  run(['req', ...ec, '-subj', '/CN=redis', '-keyout', 'tls.key', '-out', 'tls.csr']);
  await writeFile(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  run(
    ['x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'].concat([
      '-extfile',
      'ext.cnf',
      '-out',
      'tls.crt',
    ]),
  );
  return join(dir, 'ca.crt');
}

/** TLS only (`--port 0`), the server's certificate from `tlsDir`, clients authenticated by password. */
function tlsRedisArgs(tlsDir: string, dataDir: string): string[] {
  return [
    ...['--port', '0', '--tls-port', String(TLS_PORT), '--dir', dataDir, '--save', '', '--appendonly', 'no'],
    ...['--tls-cert-file', `${tlsDir}/tls.crt`, '--tls-key-file', `${tlsDir}/tls.key`],
    ...['--tls-ca-cert-file', `${tlsDir}/ca.crt`, '--tls-auth-clients', 'no', '--requirepass', password],
  ];
}

/** One connection attempt, no retries: PONG, or the error. */
async function ping(url: string, options: RedisOptions): Promise<string> {
  const redis = new Redis(url, {
    ...options,
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    // After a refused handshake, disconnect() waits this long for a socket end that never comes.
    disconnectTimeout: 50,
  });
  // connect() rejects with "Connection is closed."; the cause (a TLS error, say) comes as an event.
  let cause: Error | undefined;
  redis.on('error', (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    return await redis.ping();
  } catch (error) {
    throw cause ?? error;
  } finally {
    redis.disconnect();
  }
}

describe('Redis over TLS with a private CA', () => {
  let dir: string;
  let caFile: string;
  let server: ChildProcess;
  let args: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-tls-'));
    caFile = await makePki(join(dir, 'pki'));
    await mkdir(join(dir, 'data'));
    TLS_PORT = await freePort();
    args = tlsRedisArgs(join(dir, 'pki'), join(dir, 'data'));
    server = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${log}`)), 10_000);
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${log}`)));
      server.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (log.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("answers the gateway's client over rediss:// when it trusts the CA (REDIS_CA_FILE)", async () => {
    const url = `rediss://:${password}@127.0.0.1:${TLS_PORT}`;
    await expect(ping(url, redisTlsOptions({ caFile }))).resolves.toBe('PONG');
  });

  it('refuses a client without the CA, and one speaking clear text', async () => {
    const url = `rediss://:${password}@127.0.0.1:${TLS_PORT}`;
    await expect(ping(url, redisTlsOptions({ caFile: undefined }))).rejects.toThrow(/certificate/i);
    await expect(ping(`redis://:${password}@127.0.0.1:${TLS_PORT}`, {})).rejects.toThrow();
  });

  it('stops the gateway at start on a CA file it cannot read, naming the variable', () => {
    expect(() => redisTlsOptions({ caFile: join(dir, 'missing.crt') })).toThrow(
      /^REDIS_CA_FILE .*missing\.crt cannot be read: ENOENT/,
    );
    expect(redisTlsOptions(undefined)).toEqual({});
  });
});

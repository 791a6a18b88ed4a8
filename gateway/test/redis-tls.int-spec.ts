import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis, type RedisOptions } from 'ioredis';
import { K8S_OVERLAYS, renderKustomize } from '../../test/infra/infra-helpers.js';
import { redisTlsOptions } from '../src/redis/redis.module.js';

/**
 * The production overlay's Redis (infra/k8s/overlays/prod: TLS port only, cert-manager certificate)
 * on a real redis-server started with the rendered arguments, a private CA made by openssl standing
 * in for cert-manager's: the gateway's client (rediss:// with REDIS_CA_FILE) reaches it; without
 * the CA, or in clear text, nothing does.
 */
/** This engineer's port range (8186+): the TLS port that the rendered 6379 becomes here. */
const TLS_PORT = 8190;
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

/** The production Redis container's arguments, pointed at this machine's files and port. */
function productionRedisArgs(tlsDir: string, dataDir: string): string[] {
  const redis = renderKustomize(K8S_OVERLAYS.prod).find(
    (object) => object.kind === 'StatefulSet' && object.metadata.name === 'redis',
  );
  const [command, ...args] = redis?.spec.template.spec.containers[0].args as string[];
  expect(command).toBe('redis-server');
  return args.map((arg, index) => {
    const option = args[index - 1];
    if (option === '--tls-port') return String(TLS_PORT);
    if (option === '--dir') return dataDir;
    if (arg === '$(REDIS_PASSWORD)') return password;
    return arg.replace('/etc/redis-tls/', `${tlsDir}/`);
  });
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

describe('Redis with the production TLS arguments', () => {
  let dir: string;
  let caFile: string;
  let server: ChildProcess;
  let args: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-tls-'));
    caFile = await makePki(join(dir, 'pki'));
    await mkdir(join(dir, 'data'));
    args = productionRedisArgs(join(dir, 'pki'), join(dir, 'data'));
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

  it('listens with TLS only: the plain port is closed', () => {
    expect(args[args.indexOf('--port') + 1]).toBe('0');
    expect(args[args.indexOf('--tls-port') + 1]).toBe(String(TLS_PORT));
  });

  it("answers the gateway's client over rediss:// when it trusts the internal CA (REDIS_CA_FILE)", async () => {
    const url = `rediss://:${password}@127.0.0.1:${TLS_PORT}`;
    await expect(ping(url, redisTlsOptions({ caFile }))).resolves.toBe('PONG');
  });

  it('refuses a client without the internal CA, and one speaking clear text', async () => {
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

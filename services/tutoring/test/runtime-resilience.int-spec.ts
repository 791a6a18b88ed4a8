import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, RpcErrorSchema, Subjects } from '@medtutor/contracts';
import { natsReconnectOptions } from '@medtutor/nest-kit';
import {
  createTestDatabase,
  eventually,
  freePort,
  type RestartableNats,
  signedRequest,
  startRestartableNats,
  type TestDatabase,
  testActorKeys,
} from '@medtutor/nest-kit/testing';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import { MIGRATIONS_DIR, TEAM_EMAIL } from './support/harness.js';

/**
 * The tutoring build run as Kubernetes runs it (dist/main.js, probe port, SIGTERM), with its NATS
 * server and its database connections in the test's hands: the broker goes away, the database is
 * cut, the process is stopped mid-request. It must survive the first two by itself and lose nothing
 * to the third.
 */
const ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const POSTGRES_PORT = 5432;

describe('tutoring process across outages and shutdown', () => {
  let nats: RestartableNats;
  let db: TestDatabase;
  let proxy: DatabaseProxy;
  let client: ClientProxy;
  let service: RunningService | undefined;

  beforeAll(async () => {
    [nats, db, proxy] = await Promise.all([
      startRestartableNats(),
      createTestDatabase('tutoring_runtime', MIGRATIONS_DIR),
      startDatabaseProxy(POSTGRES_PORT),
    ]);
    client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: { servers: [nats.url], ...natsReconnectOptions },
    });
    await client.connect();
  });

  afterEach(async () => {
    await service?.kill();
    service = undefined;
    await proxy.restore();
  });

  afterAll(async () => {
    await client.close();
    await proxy.close();
    await db.drop();
    await nats.stop();
  });

  const start = async () => {
    service = await startTutoringProcess(nats.url, proxy.urlFor(db.url));
    return service;
  };
  const listPublicTutors = async (waitMs = 10_000) =>
    firstValueFrom(
      client
        .send(Subjects.tutoring.listPublicTutors, await signedRequest(Subjects.tutoring.listPublicTutors, {}, null))
        .pipe(timeout(waitMs)),
    );

  it('is not ready while NATS is down and serves again on its own when the broker returns, 16 s later', async () => {
    const running = await start();
    expect(await running.metric('nats_connected')).toEqual(['1', '1']);
    // The rest of /metrics: Node's runtime and the database pools (Prisma's and the relays').
    expect(await running.metric('process_resident_memory_bytes')).toHaveLength(1);
    expect(await running.metric('pg_pool_connections')).not.toEqual([]);

    await nats.kill();
    await eventually(async () => (await running.readyz()).status === 503, 5_000, 'readiness 503');
    // From the clients' own connection state: no round trip left to time out (the checks allow 2 s).
    const askedAt = Date.now();
    expect((await running.readyz()).body).toMatchObject({ checks: { nats: 'failed', database: 'ok' } });
    expect(Date.now() - askedAt).toBeLessThan(1_000);
    expect(await running.metric('nats_connected')).toEqual(['0', '0']);

    // Longer than the client's former 10 attempts at this pace: it would have given up by now.
    await sleep(16_000);
    await nats.restart();
    const backAt = Date.now();
    await eventually(async () => (await running.readyz()).status === 200, 10_000, 'readiness 200');
    const readyAfterMs = Date.now() - backAt;
    // The test's own client may still be reconnecting: it refuses to send until then.
    await eventually(
      async () => Array.isArray(await listPublicTutors(3_000).catch(() => undefined)),
      10_000,
      'answers',
    );
    console.log(`NATS down 16 s: ready again ${readyAfterMs} ms after the broker returned, RPCs answered, no restart`);
    // A reconnect attempt every 1 to 1.5 s; the rest is slack for a loaded CI machine.
    expect(readyAfterMs).toBeLessThan(5_000);
    expect(running.exitCode()).toBeNull();
  }, 60_000);

  it('survives its database being cut: fast 503s meanwhile, answers again within 10 s of its return', async () => {
    const running = await start();
    expect(await listPublicTutors()).toEqual(expect.any(Array));

    proxy.cut();
    const failure = await listPublicTutors().then(
      (reply) => ({ reply }),
      (error: unknown) => error,
    );
    const answer = RpcErrorSchema.safeParse(failure);
    if (!answer.success)
      throw new Error(`expected a 503, got ${String(failure)}; the process said:\n${running.output()}`);
    expect(answer.data.code).toBe(ErrorCodes.serviceUnavailable);
    // The pool waits 2 s at most for a connection, well inside the gateway's RPC timeout.
    const askedAt = Date.now();
    await listPublicTutors().catch(() => undefined);
    expect(Date.now() - askedAt).toBeLessThan(3_000);
    expect(await running.readyz()).toMatchObject({ status: 503, body: { checks: { database: 'failed', nats: 'ok' } } });
    // The relays and the connections that dropped keep failing for a while: the process stays up.
    await sleep(3_000);
    expect(running.exitCode()).toBeNull();

    await proxy.restore();
    const backAt = Date.now();
    await eventually(
      async () => Array.isArray(await listPublicTutors(3_000).catch(() => undefined)),
      10_000,
      'answers',
    );
    const recoveredAfterMs = Date.now() - backAt;
    console.log(`database cut: answered again ${recoveredAfterMs} ms after it returned, no restart`);
    expect((await running.readyz()).status).toBe(200);
    expect(running.exitCode()).toBeNull();
  }, 60_000);

  it('on SIGTERM is unready at once, takes no new request, answers the one in hand, then exits 0', async () => {
    const running = await start();
    // A request held up by a lock on the table it reads: in flight when the signal comes.
    const lock = new pg.Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN; LOCK TABLE tutors IN ACCESS EXCLUSIVE MODE');
    const inFlight = listPublicTutors(15_000);
    await eventually(
      async () => {
        const { rows } = await lock.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted');
        return (rows[0]?.n ?? 0) > 0;
      },
      10_000,
      'the request waiting on the lock',
    );

    running.signal('SIGTERM');
    await eventually(async () => (await running.readyz()).status === 503, 1_000, 'readiness 503');
    expect((await running.readyz()).body).toMatchObject({ checks: { accepting: 'failed' } });
    // Unsubscribed: with no other replica, a new request finds no one instead of waiting on this one.
    await expect(listPublicTutors(2_000)).rejects.toBeDefined();
    expect(running.exitCode()).toBeNull();

    await lock.query('COMMIT');
    await lock.end();
    await expect(inFlight).resolves.toEqual(expect.any(Array));
    expect(await running.exited).toBe(0);
    expect(running.output()).toMatch(/shutting down[\s\S]*shut down/);
  }, 60_000);
});

interface RunningService {
  readyz(): Promise<{ status: number; body: unknown }>;
  /** The values of one metric's series on /metrics, in order. */
  metric(name: string): Promise<string[]>;
  signal(signal: NodeJS.Signals): void;
  exitCode(): number | null;
  exited: Promise<number | null>;
  output(): string;
  kill(): Promise<void>;
}

async function startTutoringProcess(natsUrl: string, databaseUrl: string): Promise<RunningService> {
  const healthPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HEALTH_PORT: String(healthPort),
      NATS_URL: natsUrl,
      TUTORING_DATABASE_URL: databaseUrl,
      ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
      MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
      MAIL_OUTBOX_DIR: await mkdtemp(join(tmpdir(), 'tutoring-runtime-mail-')),
      SUPPORT_EMAIL: TEAM_EMAIL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-50_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${healthPort}`;
  const running: RunningService = {
    readyz: async () => {
      const response = await fetch(`${base}/readyz`);
      return { status: response.status, body: await response.json() };
    },
    metric: async (name) => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) => match[1] ?? '');
    },
    signal: (signal) => void child.kill(signal),
    exitCode: () => child.exitCode,
    exited,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
        return (await running.readyz().catch(() => undefined))?.status === 200;
      },
      30_000,
      'ready',
    );
  } catch (error) {
    await running.kill();
    throw new Error(`tutoring did not become ready:\n${output}`, { cause: error });
  }
  return running;
}

interface DatabaseProxy {
  urlFor(databaseUrl: string): string;
  /** Drops every connection and refuses new ones, as a database that went away. */
  cut(): void;
  /** Accepts connections again (if cut). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy in front of PostgreSQL whose connections the test cuts, the other services' untouched. */
async function startDatabaseProxy(targetPort: number): Promise<DatabaseProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<Server>((resolve) => {
      const listening = createServer((inbound) => {
        const outbound = new Socket().connect(targetPort, '127.0.0.1');
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      listening.listen(port, '127.0.0.1', () => resolve(listening));
    });
  server = await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const closeServer = () => {
    server?.close();
    server = undefined;
    for (const socket of sockets) socket.destroy();
  };
  return {
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    cut: closeServer,
    restore: async () => {
      server ??= await listen(port);
    },
    close: async () => closeServer(),
  };
}

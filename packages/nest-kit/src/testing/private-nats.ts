import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { provisionEvents } from '../events/provision.js';
import { natsAuthOptions } from '../nats/nats-connection.js';
import { testNatsUrl } from './infra.js';

export interface TestNats {
  url: string;
  stop(): Promise<void>;
}

export interface TestNatsOptions {
  /** A configuration file, e.g. the platform's authorization (its `$VAR`s come from `env`). */
  config?: string;
  env?: Record<string, string>;
  /**
   * Runs the deploy step's provisioning (every platform stream and consumer) once the server is up,
   * as the services expect: they create nothing themselves. With a `config`, it logs in as the
   * `provisioner` user with `env.NATS_PROVISIONER_PASSWORD`. Default true; false for a test of
   * provisioning itself.
   */
  provision?: boolean;
}

/** What `npm run events -- provision` does, on a test server. */
async function provision(url: string, options: TestNatsOptions): Promise<void> {
  if (options.provision === false) return;
  const password = options.env?.NATS_PROVISIONER_PASSWORD;
  if (options.config && !password) {
    throw new Error('a configured test NATS needs env.NATS_PROVISIONER_PASSWORD to provision (or provision: false)');
  }
  const credentials = options.config && password ? { user: 'provisioner', password } : undefined;
  const nc = await connect({ servers: url, ...natsAuthOptions(credentials) });
  try {
    await provisionEvents(nc);
  } finally {
    await nc.close();
  }
}

/**
 * A NATS server with JetStream for one test file, provisioned as a deploy provisions it: every
 * platform stream and durable consumer in place (`options.provision`).
 * On the shared server, any other instance of a
 * service (a developer's `npm start`, say) joins the same queue group and answers some of the file's
 * requests from its own database, and test events land in that system's streams. Without a
 * `nats-server` binary, the shared test server (or container) of `testNatsUrl()` is used.
 */
export async function startTestNats(
  options: TestNatsOptions = {},
  binary = process.env.NATS_SERVER_BIN ?? 'nats-server',
): Promise<TestNats> {
  const nats = await startServer(options, binary);
  try {
    await provision(nats.url, options);
  } catch (error) {
    await nats.stop();
    throw error;
  }
  return nats;
}

async function startServer(options: TestNatsOptions, binary: string): Promise<TestNats> {
  const storeDir = await mkdtemp(join(tmpdir(), 'test-nats-'));
  try {
    const server = await spawnServer(binary, options, storeDir, -1);
    return {
      url: `nats://127.0.0.1:${server.port}`,
      stop: async () => {
        await server.stop('SIGTERM');
        await rm(storeDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(storeDir, { recursive: true, force: true });
    // A configured server is what the test is about: never fall back to the shared, open one.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || options.config) throw error;
    return { url: await testNatsUrl(), stop: async () => undefined };
  }
}

export interface RestartableNats extends TestNats {
  /** Kills the server (SIGKILL, no goodbye to clients) and keeps its port and store: a broker outage. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same store: streams, consumers and messages are back. */
  restart(): Promise<void>;
}

/**
 * A private nats-server (`nats-server` binary required, no fallback) that a test can kill and bring
 * back, for the platform's behaviour across broker outages. Provisioned at its first start like
 * `startTestNats`; the store keeps streams and consumers across restarts.
 */
export async function startRestartableNats(
  options: TestNatsOptions = {},
  binary = process.env.NATS_SERVER_BIN ?? 'nats-server',
): Promise<RestartableNats> {
  const storeDir = await mkdtemp(join(tmpdir(), 'test-nats-'));
  let server: RunningServer | undefined;
  try {
    server = await spawnServer(binary, options, storeDir, -1);
  } catch (error) {
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }
  const port = server.port;
  try {
    await provision(`nats://127.0.0.1:${port}`, options);
  } catch (error) {
    await server.stop('SIGTERM');
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    kill: async () => {
      await server?.stop('SIGKILL');
      server = undefined;
    },
    restart: async () => {
      if (server) throw new Error('the nats-server is running: kill it first');
      server = await spawnServer(binary, options, storeDir, port);
    },
    stop: async () => {
      await server?.stop('SIGTERM');
      server = undefined;
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

interface RunningServer {
  port: number;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** One nats-server process with JetStream on `storeDir`; port -1 picks a free one. */
async function spawnServer(
  binary: string,
  options: TestNatsOptions,
  storeDir: string,
  port: number,
): Promise<RunningServer> {
  const config = options.config ? ['-c', options.config] : [];
  const server = spawn(binary, [...config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const stop = async (signal: NodeJS.Signals) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    await exited;
  };
  try {
    const listening = await new Promise<number>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 10_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      server.once('error', fail);
      server.once('exit', (code) => fail(new Error(`nats-server exited (${code}):\n${log}`)));
      server.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        const match = log.match(/Listening for client connections on [^\s]+:(\d+)/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    return { port: listening, stop };
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
}

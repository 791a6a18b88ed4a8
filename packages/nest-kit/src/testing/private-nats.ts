import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { ensureStreams, PlatformStreams } from '../events/streams.js';
import { testNatsUrl } from './infra.js';

export interface TestNats {
  url: string;
  stop(): Promise<void>;
}

export interface TestNatsOptions {
  /** A configuration file, e.g. the platform's authorization (its `$VAR`s come from `env`). */
  config?: string;
  env?: Record<string, string>;
}

/**
 * A NATS server with JetStream for one test file, with every platform stream in place as if each
 * service had started once (a service creates only its own stream). With a `config`, the server
 * starts empty: its users are the ones to create streams.
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
  if (options.config) return nats;
  try {
    const nc = await connect({ servers: nats.url });
    try {
      await ensureStreams(nc, PlatformStreams);
    } finally {
      await nc.close();
    }
  } catch (error) {
    await nats.stop();
    throw error;
  }
  return nats;
}

async function startServer(options: TestNatsOptions, binary: string): Promise<TestNats> {
  const storeDir = await mkdtemp(join(tmpdir(), 'test-nats-'));
  const config = options.config ? ['-c', options.config] : [];
  const server = spawn(binary, [...config, '-a', '127.0.0.1', '-p', '-1', '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<void>((resolve) => server.once('close', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
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
        const listening = log.match(/Listening for client connections on [^\s]+:(\d+)/);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
    });
    return {
      url: `nats://127.0.0.1:${port}`,
      stop: async () => {
        server.kill('SIGTERM');
        await exited;
        await rm(storeDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server.kill('SIGTERM');
    await rm(storeDir, { recursive: true, force: true });
    // A configured server is what the test is about: never fall back to the shared, open one.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || options.config) throw error;
    return { url: await testNatsUrl(), stop: async () => undefined };
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '@medtutor/nest-kit/testing';

export interface PrivateRedis {
  url: string;
  /** SIGKILL: every client loses its connection at once, as when Redis dies. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of the test's own (`REDIS_SERVER_BIN`, default `redis-server`), to take away and bring back. */
export async function startPrivateRedis(
  binary = process.env.REDIS_SERVER_BIN ?? 'redis-server',
): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined = await spawnRedis(binary, port);
  const stop = async (signal: NodeJS.Signals) => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => stop('SIGKILL'),
    restart: async () => {
      if (server) throw new Error('redis-server is running: kill it first');
      server = await spawnRedis(binary, port);
    },
    stop: () => stop('SIGTERM'),
  };
}

async function spawnRedis(binary: string, port: number): Promise<ChildProcess> {
  const server = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${log}`)), 10_000);
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${log}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  server.removeAllListeners('exit');
  return server;
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface NatsServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A private nats-server on a random port, so the gateway under test talks only to the fake services
 * of its own test file, even when the real services listen on the shared NATS.
 */
export async function startNatsServer(
  binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
): Promise<NatsServer> {
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', '-1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 10_000);
    child.once('error', reject);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const port = /Listening for client connections on [\d.]+:(\d+)/.exec(log)?.[1];
      if (port && log.includes('Server is ready')) {
        clearTimeout(timer);
        resolve(`nats://127.0.0.1:${port}`);
      }
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eventually, freePort, testActorKeys, testRedisUrl } from '@medtutor/nest-kit/testing';

const ENTRY = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface GatewayProcess {
  url: string;
  probeUrl: string;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The gateway's build (`npm run build -w gateway`) as its own process, the way production runs it,
 * for what only a real process shows (signals, exit code). Resolves once its /readyz answers 200.
 */
export async function startGatewayProcess(natsUrl: string, env: Record<string, string> = {}): Promise<GatewayProcess> {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: build the gateway first (npm run build -w gateway)`);
  const [port, healthPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HEALTH_PORT: String(healthPort),
      NATS_URL: natsUrl,
      REDIS_URL: await testRedisUrl(),
      REDIS_KEY_PREFIX: `gwproc:${randomBytes(6).toString('hex')}:`,
      SESSION_SECRET: 'integration-tests-only-secret-0123456789',
      ACTOR_SIGNING_KEY: testActorKeys.env.ACTOR_SIGNING_KEY,
      FRONTEND_DIR: mkdtempSync(join(tmpdir(), 'gw-no-frontends-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gateway: GatewayProcess = {
    url: `http://127.0.0.1:${port}`,
    probeUrl: `http://127.0.0.1:${healthPort}`,
    exited,
    signal: (signal) => child.kill(signal),
    output: () => output,
    stop: () => stopProcess(child, exited),
  };
  try {
    // Generous: loading the build under a busy test run can take a while. Its own "listening" line
    // first: a /readyz answer alone could come from another test's server on the port.
    await eventually(
      async () =>
        output.includes('gateway listening') &&
        (await fetch(`${gateway.url}/readyz`).catch(() => undefined))?.status === 200,
      30_000,
    );
  } catch (error) {
    await gateway.stop();
    throw new Error(`the gateway did not become ready:\n${output}`, { cause: error });
  }
  return gateway;
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await exited;
}

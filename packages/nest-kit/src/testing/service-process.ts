import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { HealthReplySchema, type RpcRequest } from '@medtutor/contracts';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { natsAuthOptions, type NatsCredentials, natsReconnectOptions } from '../nats/nats-connection.js';

export interface ServiceProcess {
  /** What the process printed (kept for failure messages), stdout and stderr interleaved. */
  output(): string;
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 20_000;

/**
 * A service's build (`dist/main.js`) run as its own process, the way `npm start` runs it, for tests
 * that span services: apps may not import one another's code (.dependency-cruiser.cjs). `env` is the
 * whole environment besides PATH, so nothing leaks in from the shell (a real SMTP_URL, say). Resolves
 * once the service answers `healthSubject` with status ok on `natsUrl`.
 */
export async function startServiceProcess(options: {
  entry: string;
  env: Record<string, string>;
  natsUrl: string;
  /** Who asks for the health answer, on a server with authorization (the gateway's user, say). */
  natsCredentials?: NatsCredentials;
  healthSubject: string;
  readyTimeoutMs?: number;
}): Promise<ServiceProcess> {
  if (!existsSync(options.entry)) {
    throw new Error(`${options.entry} is missing: build the service first (npm run build -w <its folder>)`);
  }
  const child = spawn(process.execPath, [options.entry], {
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const service: ServiceProcess = { output: () => output, stop: () => stopProcess(child, exited) };
  try {
    await waitUntilHealthy(options, exited);
  } catch (error) {
    await service.stop();
    throw new Error(`${options.entry} did not become ready: ${(error as Error).message}\n${output}`, {
      cause: error,
    });
  }
  return service;
}

async function waitUntilHealthy(
  options: { natsUrl: string; natsCredentials?: NatsCredentials; healthSubject: string; readyTimeoutMs?: number },
  exited: Promise<number | null>,
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const client = ClientProxyFactory.create({
    transport: Transport.NATS,
    options: { servers: [options.natsUrl], ...natsReconnectOptions, ...natsAuthOptions(options.natsCredentials) },
  });
  await client.connect();
  try {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
    const probe: RpcRequest = { meta: { correlationId: 'service-process-ready', actor: null }, data: {} };
    for (;;) {
      if (exitCode !== undefined) throw new Error(`exited with code ${exitCode}`);
      const reply = await firstValueFrom(client.send(options.healthSubject, probe).pipe(timeout(1_000))).catch(
        () => undefined,
      );
      if (HealthReplySchema.safeParse(reply).data?.status === 'ok') return;
      if (Date.now() > deadline) throw new Error(`no healthy answer on ${options.healthSubject}`);
      await sleep(200);
    }
  } finally {
    await client.close();
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // A graceful shutdown drains NATS and the database pools; past that, don't hang the test run.
  const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killTimer);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const OUTPUT_LIMIT = 50_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The HTTP status of `url`, or 0 when nothing answered within `timeoutMs`. */
export async function httpStatus(url: string, timeoutMs = 2_000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * One app of the platform run from its build (`dist/main.js`) as a real process, with the whole
 * environment given (nothing leaks in from the shell). Ready when its `/readyz` answers 200. It can
 * be killed (any signal) and started again with the same environment and ports, and tells whether
 * the process running now is the one started first (no restart happened).
 */
export class AppProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<Exit> = Promise.resolve({ code: null, signal: null });
  private log = '';
  /** Process ids in start order: one entry means never restarted. */
  readonly pids: number[] = [];

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: Record<string, string>,
    /** Where `/readyz` answers: the gateway's port, a service's HEALTH_PORT. */
    readonly readyUrl: string,
  ) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }

  /** What the process printed lately, stdout and stderr interleaved, for failure messages. */
  output(): string {
    return this.log;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves when it is ready; rejects (with its output) if it exits or hangs. */
  async start(readyTimeoutMs = 90_000): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, [this.entry], {
      env: { PATH: process.env.PATH ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    if (child.pid !== undefined) this.pids.push(child.pid);
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + readyTimeoutMs;
    while ((await httpStatus(this.readyUrl, 1_000)) !== 200) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) before ready:\n${this.log}`);
      }
      if (Date.now() > deadline)
        throw new Error(`${this.name} was not ready within ${readyTimeoutMs} ms:\n${this.log}`);
      await sleep(100);
    }
  }

  /**
   * Sends `signal` and waits for the exit (a SIGTERM'd process gets `graceMs` before SIGKILL, as
   * Kubernetes does). Resolves with how the process ended, and when it was already down with nulls.
   */
  async kill(signal: NodeJS.Signals, graceMs = 30_000): Promise<Exit> {
    const child = this.child;
    if (!child || !this.running) return { code: null, signal: null };
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const exit = await this.exited;
    clearTimeout(force);
    return exit;
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM', 15_000);
  }
}

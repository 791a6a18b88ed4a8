import type { HealthReply } from '@medtutor/contracts';

export type HealthProbe = () => Promise<unknown>;

/** Named readiness probes (database, NATS, ...) answered over NATS and on the probe HTTP port. */
export class HealthChecks {
  private accepting = true;

  constructor(
    private readonly service: string,
    private readonly probes: Record<string, HealthProbe>,
    private readonly timeoutMs = 2000,
  ) {}

  /** From the start of a shutdown on: not ready whatever the dependencies say, so traffic goes elsewhere. */
  stopAccepting(): void {
    this.accepting = false;
  }

  async run(): Promise<HealthReply> {
    const entries = await Promise.all(
      Object.entries(this.probes).map(async ([name, probe]) => {
        try {
          await withTimeout(probe(), this.timeoutMs);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'failed'] as const;
        }
      }),
    );
    if (!this.accepting) entries.push(['accepting', 'failed']);
    const checks = Object.fromEntries(entries);
    const status = entries.every(([, state]) => state === 'ok') ? 'ok' : 'degraded';
    return { service: this.service, status, checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

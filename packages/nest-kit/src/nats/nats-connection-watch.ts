import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { MetricNames, processGauge } from '../metrics/metrics.js';

const natsConnected = () =>
  processGauge(MetricNames.natsConnected, '1 while the NATS connection is up, 0 while it is down or closed');

/**
 * The state of every NATS connection of a process (Nest's RPC transport, the JetStream connection),
 * from the clients' own status events: readiness reads it at once instead of waiting for a round
 * trip to time out, and `nats_connected{service,connection}` exports it.
 */
export class NatsConnectionWatch {
  private readonly up = new Map<string, boolean>();

  constructor(private readonly service: string) {}

  watch(connection: string, nc: NatsConnection, logger: Logger): void {
    const log = logger.child({ nats: connection });
    this.set(connection, !nc.isClosed());
    void (async () => {
      for await (const status of nc.status()) {
        switch (status.type) {
          case 'disconnect':
            this.set(connection, false);
            log.warn({ server: status.server }, 'NATS connection lost; reconnecting');
            break;
          case 'reconnect':
            this.set(connection, true);
            log.info({ server: status.server }, 'NATS connection back');
            break;
          case 'error':
            log.error({ err: status.error }, 'NATS connection error');
            break;
          default:
            break;
        }
      }
    })();
    // The status iterator ends with the connection, which only a shutdown closes (it reconnects forever).
    void nc.closed().then((error) => {
      this.set(connection, false);
      if (error) log.error({ err: error }, 'NATS connection closed by an error');
    });
  }

  /** The watched connections that are down; an empty watch counts as down, so readiness never passes blind. */
  down(): string[] {
    if (this.up.size === 0) return ['none watched'];
    return [...this.up].filter(([, up]) => !up).map(([connection]) => connection);
  }

  private set(connection: string, up: boolean): void {
    this.up.set(connection, up);
    natsConnected().set({ service: this.service, connection }, up ? 1 : 0);
  }
}

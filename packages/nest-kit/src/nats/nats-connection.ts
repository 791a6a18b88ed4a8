import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * A plain NATS connection for JetStream (domain events). Nest's NATS transport covers request/reply,
 * which is at most once; events that must not be lost go through JetStream on this connection.
 */
export function connectNats(servers: string, name: string): Promise<NatsConnection> {
  return connect({ servers: servers.split(','), name, maxReconnectAttempts: -1 });
}

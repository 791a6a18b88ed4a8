import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';

/** The process's own NATS user (infra/nats/authorization.conf); absent when the server needs none. */
export interface NatsCredentials {
  user: string;
  password: string;
}

/**
 * Connection options for one NATS user. Reply inboxes live under `_INBOX.<user>`, the only inboxes
 * the server lets that user subscribe to, so no process can read the replies meant for another.
 */
export function natsAuthOptions(
  credentials: NatsCredentials | undefined,
): Pick<ConnectionOptions, 'user' | 'pass' | 'inboxPrefix'> {
  if (!credentials) return {};
  return { user: credentials.user, pass: credentials.password, inboxPrefix: `_INBOX.${credentials.user}` };
}

/**
 * How every NATS connection of a process keeps (or finds again) its server. It never gives up: the
 * client's default of 10 attempts left the services deaf for good after a 40 s broker outage. One
 * attempt per second plus up to half a second of jitter (so replicas do not reconnect in lockstep)
 * uses a returning server within about 2 s. Pings every 5 s, two unanswered, notice a server that
 * vanished without closing the socket in 10 to 15 s instead of the default 4 minutes.
 */
export const natsReconnectOptions = {
  reconnect: true,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1_000,
  reconnectJitter: 500,
  pingInterval: 5_000,
  maxPingOut: 2,
} as const satisfies ConnectionOptions;

/**
 * A plain NATS connection for JetStream (domain events). Nest's NATS transport covers request/reply,
 * which is at most once; events that must not be lost go through JetStream on this connection.
 */
export function connectNats(servers: string, name: string, credentials?: NatsCredentials): Promise<NatsConnection> {
  return connect({ servers: servers.split(','), name, ...natsReconnectOptions, ...natsAuthOptions(credentials) });
}

/** The docker-compose defaults (NATS and Redis) start with this: published, so refused in production (refusePlaceholders). */
export const PUBLISHED_DEV_PASSWORD_PREFIX = 'publishedDevOnly';

/** `NATS_USER` / `NATS_PASSWORD` as parsed by `serviceEnvSchema` (or the gateway's own schema). */
export interface NatsEnv {
  NODE_ENV: string;
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
}

/**
 * The credentials from a parsed environment, for a config's transform: both variables or neither
 * (an open server, as in local tests), and always both in production, where NATS requires them.
 */
export function natsCredentials(env: NatsEnv, ctx: z.RefinementCtx): NatsCredentials | undefined {
  const { NATS_USER: user, NATS_PASSWORD: password } = env;
  // A published default password is refused with every other placeholder (refusePlaceholders).
  if (user && password) return { user, password };
  if (user || password) {
    ctx.addIssue({
      code: 'custom',
      path: [user ? 'NATS_PASSWORD' : 'NATS_USER'],
      message: 'NATS_USER and NATS_PASSWORD go together: set both or neither',
    });
  } else if (env.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['NATS_USER'], message: 'is required in production (with NATS_PASSWORD)' });
  }
  return undefined;
}

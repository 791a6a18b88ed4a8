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
 * TLS to the NATS servers, on when NATS_URL names `tls://` servers (production: infra/k8s/overlays/prod).
 * `caFile` (NATS_CA_FILE) is the internal CA that signed the servers' certificates; without it the
 * system's public CAs are trusted.
 */
export interface NatsTls {
  caFile?: string | undefined;
}

/**
 * Connection options for TLS. The client then refuses a server that does not offer TLS (no silent
 * fall-back to clear text) and one whose certificate the CA did not sign or does not name. The CA
 * file is read at each (re)connect, so a renewed bundle needs no restart.
 */
export function natsTlsOptions(tls: NatsTls | undefined): Pick<ConnectionOptions, 'tls'> {
  if (!tls) return {};
  return { tls: tls.caFile ? { caFile: tls.caFile } : {} };
}

/**
 * A plain NATS connection for JetStream (domain events). Nest's NATS transport covers request/reply,
 * which is at most once; events that must not be lost go through JetStream on this connection.
 */
export function connectNats(
  servers: string,
  name: string,
  credentials?: NatsCredentials,
  tls?: NatsTls,
): Promise<NatsConnection> {
  return connect({
    servers: servers.split(','),
    name,
    ...natsReconnectOptions,
    ...natsAuthOptions(credentials),
    ...natsTlsOptions(tls),
  });
}

/** The docker-compose defaults (NATS and Redis) start with this: published, so refused in production (refusePlaceholders). */
export const PUBLISHED_DEV_PASSWORD_PREFIX = 'publishedDevOnly';

/** `NATS_USER` / `NATS_PASSWORD` as parsed by `serviceEnvSchema` (or the gateway's own schema). */
export interface NatsEnv {
  NODE_ENV: string;
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
}

/** `NATS_URL` / `NATS_CA_FILE` as parsed by `serviceEnvSchema` (or the gateway's own schema). */
export interface NatsTlsEnv {
  NATS_URL: string;
  NATS_CA_FILE?: string | undefined;
}

/**
 * TLS from a parsed environment, for a config's transform: `tls://` servers turn it on, all of them
 * or none (a list that mixes would send the password in clear to some), and NATS_CA_FILE only with
 * `tls://` servers, where it is used (set alone, it would look like protection and give none).
 */
export function natsTls(env: NatsTlsEnv, ctx: z.RefinementCtx): NatsTls | undefined {
  const resolved = resolveNatsTls(env);
  if ('problem' in resolved) {
    ctx.addIssue({ code: 'custom', path: [resolved.problem.variable], message: resolved.problem.message });
    return undefined;
  }
  return resolved.tls;
}

/** `natsTls` without zod, for the operators' CLI: the TLS settings, or what is wrong with them. */
export function resolveNatsTls(
  env: NatsTlsEnv,
): { tls: NatsTls | undefined } | { problem: { variable: 'NATS_URL' | 'NATS_CA_FILE'; message: string } } {
  const schemes = env.NATS_URL.split(',').map((server) => /^\s*([a-z][a-z0-9+.-]*):\/\//i.exec(server)?.[1]);
  const tls = schemes.filter((scheme) => scheme?.toLowerCase() === 'tls').length;
  if (tls > 0 && tls < schemes.length) {
    const message = 'names tls:// and plain servers together: use tls:// for every server, or for none';
    return { problem: { variable: 'NATS_URL', message } };
  }
  if (tls > 0) return { tls: { caFile: env.NATS_CA_FILE } };
  if (env.NATS_CA_FILE) {
    const message = 'is set but NATS_URL does not use TLS: name the servers tls://host:4222';
    return { problem: { variable: 'NATS_CA_FILE', message } };
  }
  return { tls: undefined };
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

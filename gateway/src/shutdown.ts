import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config/gateway-config.js';
import { ReadinessService } from './health/readiness.service.js';

/**
 * SIGTERM, in order: /readyz answers 503 at once (public and probe port); requests, in flight and
 * new, are still served for `drainMs` while proxies drop this replica (each answer says
 * `Connection: close`, so kept-alive clients reconnect elsewhere); then the port stops accepting,
 * requests in flight get up to `graceMs` to finish before their connections are cut, and Nest closes
 * the NATS client and Redis. Resolves when all of that is done; the caller exits.
 */
export async function shutDownGracefully(
  app: NestExpressApplication,
  { drainMs, graceMs }: GatewayConfig['shutdown'],
  logger: Logger,
): Promise<void> {
  app.get(ReadinessService).stopAccepting();
  logger.info({ drainMs, graceMs }, 'shutting down: not ready, still serving while the load balancer lets go');
  await sleep(drainMs);
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A kept-alive connection whose request began before SIGTERM stays open once answered: close each
  // as soon as it is idle rather than wait for its keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => {
    logger.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
    server.closeAllConnections();
  }, graceMs);
  await closed;
  clearInterval(sweep);
  clearTimeout(cutOff);
  await app.close();
  logger.info('gateway stopped');
}

/** From SIGTERM on, each answer ends its connection: a kept-alive client reconnects, through the load balancer, elsewhere. */
export function closeConnectionsWhenStopping(readiness: ReadinessService): RequestHandler {
  return (_req, res, next) => {
    if (readiness.stopping) res.set('Connection', 'close');
    next();
  };
}

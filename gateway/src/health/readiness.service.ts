import { Inject, Injectable } from '@nestjs/common';
import type { HealthReply } from '@medtutor/contracts';
import { HealthChecks } from '@medtutor/nest-kit';
import type { Redis } from 'ioredis';
import { ServiceClient } from '../clients/service-client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { REDIS } from '../redis/redis.module.js';

/**
 * Ready when the gateway itself can work: NATS and Redis connected and answering, each bounded by
 * READINESS_TIMEOUT_MS. The services' health is theirs to report: one service's database blip
 * answers that service's routes with 503 (circuit breaker) and must not take every replica, the
 * shell and sign-in out of the load balancer.
 */
@Injectable()
export class ReadinessService {
  /** Also served with its details on the probe port (HEALTH_PORT). */
  readonly checks: HealthChecks;
  private shuttingDown = false;

  constructor(client: ServiceClient, @Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.checks = new HealthChecks(
      'gateway',
      {
        nats: () => client.checkNats(),
        redis: async () => {
          // While ioredis reconnects a ping would wait in its queue: the state answers at once.
          if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
          await redis.ping();
        },
      },
      config.readinessTimeoutMs,
    );
  }

  /** Whether a SIGTERM has started the shutdown. */
  get stopping(): boolean {
    return this.shuttingDown;
  }

  /** Not ready from now on, whatever NATS and Redis say, so the load balancer sends no new traffic. */
  stopAccepting(): void {
    this.shuttingDown = true;
    this.checks.stopAccepting();
  }

  run(): Promise<HealthReply> {
    return this.checks.run();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { HealthReply } from '@medtutor/contracts';
import { HealthChecks } from '@medtutor/nest-kit';
import { ServiceClient } from '../clients/service-client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';

/**
 * Ready when the gateway itself can work: NATS connected and answering, bounded by
 * READINESS_TIMEOUT_MS. Not Redis: without it the shell's files and the public reads (memory) still
 * answer, and what needs sessions or rate limits answers 503 at once (enableOfflineQueue off,
 * redis.module.ts); a Redis failover or node drain must not take every replica, and with them the
 * public site, out of the load balancer. Nor the services: one service's database blip answers that
 * service's routes with 503 (circuit breaker) and must not take the shell and sign-in down.
 */
@Injectable()
export class ReadinessService {
  /** Also served with its details on the probe port (HEALTH_PORT). */
  readonly checks: HealthChecks;
  private shuttingDown = false;

  constructor(client: ServiceClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.checks = new HealthChecks('gateway', { nats: () => client.checkNats() }, config.readinessTimeoutMs);
  }

  /** Whether a SIGTERM has started the shutdown. */
  get stopping(): boolean {
    return this.shuttingDown;
  }

  /** Not ready from now on, whatever NATS says, so the load balancer sends no new traffic. */
  stopAccepting(): void {
    this.shuttingDown = true;
    this.checks.stopAccepting();
  }

  run(): Promise<HealthReply> {
    return this.checks.run();
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type HealthReply, HealthReplySchema, HealthSubjects, ServiceNames } from '@medtutor/contracts';
import { type HealthProbe, HealthChecks } from '@medtutor/nest-kit';
import type { Redis } from 'ioredis';
import { ServiceClient } from '../clients/service-client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { REDIS } from '../redis/redis.module.js';

/** NATS, Redis and every service's health subject, each bounded by READINESS_TIMEOUT_MS. */
@Injectable()
export class ReadinessService {
  /** Also served with its details on the probe port (HEALTH_PORT). */
  readonly checks: HealthChecks;

  constructor(
    private readonly client: ServiceClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    const services = ServiceNames.map((name): [string, HealthProbe] => [
      name,
      () => this.serviceIsHealthy(HealthSubjects[name]),
    ]);
    this.checks = new HealthChecks(
      'gateway',
      {
        nats: async () => (await this.client.connection()).flush(),
        redis: () => this.redis.ping(),
        ...Object.fromEntries(services),
      },
      config.readinessTimeoutMs,
    );
  }

  run(): Promise<HealthReply> {
    return this.checks.run();
  }

  private async serviceIsHealthy(subject: string): Promise<void> {
    const meta = { correlationId: `readyz-${randomUUID()}`, actor: null };
    const reply = await this.client.request(subject, {}, meta, HealthReplySchema, this.config.readinessTimeoutMs);
    if (reply.status !== 'ok') throw new Error(`${reply.service} reports ${reply.status}`);
  }
}

import { Controller, type DynamicModule, Inject, type InjectionToken, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { HealthReply } from '@medtutor/contracts';
import { NatsConnectionWatch } from '../nats/nats-connection-watch.js';
import { HealthChecks } from './health-checks.js';

/** Anything that can run a query: every service's Prisma client fits. */
export interface SqlProbeTarget {
  $queryRawUnsafe(query: string): PromiseLike<unknown>;
}

export interface ServiceHealthOptions {
  service: string;
  /** The service's health subject from contracts (`Subjects.<service>.health`). */
  subject: string;
  /** Injection token of the service's Prisma client. */
  database: InjectionToken;
}

/**
 * Answers the service's health subject with its checks (database `SELECT 1`; NATS: every connection
 * of the process up) and provides `HealthChecks`, which `runService` also serves on HEALTH_PORT, and
 * the `NatsConnectionWatch` that `startService` gives the RPC and JetStream connections to.
 */
@Module({})
export class ServiceHealthModule {
  static forService(options: ServiceHealthOptions): DynamicModule {
    @Controller()
    class HealthRpcController {
      constructor(@Inject(HealthChecks) private readonly checks: HealthChecks) {}

      /** Answers whatever the payload: a probe carries no data worth validating. */
      @MessagePattern(options.subject)
      health(): Promise<HealthReply> {
        return this.checks.run();
      }
    }

    return {
      module: ServiceHealthModule,
      controllers: [HealthRpcController],
      providers: [
        { provide: NatsConnectionWatch, useValue: new NatsConnectionWatch(options.service) },
        {
          provide: HealthChecks,
          inject: [options.database, NatsConnectionWatch],
          useFactory: (database: SqlProbeTarget, connections: NatsConnectionWatch) =>
            new HealthChecks(options.service, {
              database: async () => database.$queryRawUnsafe('SELECT 1'),
              // The clients' own connection state: a broker outage shows at once, not after a timeout.
              nats: async () => {
                const down = connections.down();
                if (down.length > 0) throw new Error(`NATS down: ${down.join(', ')}`);
              },
            }),
        },
      ],
      exports: [HealthChecks, NatsConnectionWatch],
    };
  }
}

import { Controller, type DynamicModule, Inject, type InjectionToken, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { HealthReply } from '@medtutor/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS_NATS } from '../events/event-kit.module.js';
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
 * Answers the service's health subject with its checks (database `SELECT 1`, a NATS round trip)
 * and provides `HealthChecks`, which `bootstrapService` also serves on HEALTH_PORT. Needs
 * `EventKitModule` for the NATS connection.
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
        {
          provide: HealthChecks,
          inject: [options.database, EVENTS_NATS],
          useFactory: (database: SqlProbeTarget, nc: NatsConnection) =>
            new HealthChecks(options.service, {
              database: async () => database.$queryRawUnsafe('SELECT 1'),
              // A round trip to the server; it times out while the connection is down.
              nats: () => nc.flush(),
            }),
        },
      ],
      exports: [HealthChecks],
    };
  }
}

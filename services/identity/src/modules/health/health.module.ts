import { Module } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS_NATS, HealthChecks } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';
import { HealthRpcController } from './health.rpc-controller.js';

@Module({
  controllers: [HealthRpcController],
  providers: [
    {
      // Also served on HEALTH_PORT by bootstrapService, which looks it up by this class.
      provide: HealthChecks,
      inject: [PrismaService, EVENTS_NATS],
      useFactory: (prisma: PrismaService, nc: NatsConnection) =>
        new HealthChecks('identity', {
          database: () => prisma.$queryRaw`SELECT 1`,
          // A round trip to the server; it times out while the connection is down.
          nats: () => nc.flush(),
        }),
    },
  ],
  exports: [HealthChecks],
})
export class HealthModule {}

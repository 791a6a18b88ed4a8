import { type DynamicModule, Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsAuthOptions } from '@medtutor/nest-kit';
import type { GatewayConfig } from '../config/gateway-config.js';
import { NATS_CLIENT, ServiceClient } from './service-client.js';

@Module({})
export class ServiceClientModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: ServiceClientModule,
      global: true,
      imports: [
        ClientsModule.register([
          {
            name: NATS_CLIENT,
            transport: Transport.NATS,
            // Never give up reconnecting: a NATS outage must not need a gateway restart. A try every
            // second plus up to half a second of jitter (replicas do not stampede a returning server)
            // finds NATS within about 2 s of its return; pings every 5 s, two unanswered, notice a
            // server gone without closing the socket in 10 to 15 s instead of the default 4 minutes.
            options: {
              servers: config.natsUrl.split(','),
              name: 'gateway',
              maxReconnectAttempts: -1,
              reconnectTimeWait: 1_000,
              reconnectJitter: 500,
              pingInterval: 5_000,
              maxPingOut: 2,
              ...natsAuthOptions(config.natsCredentials),
            },
          },
        ]),
      ],
      providers: [ServiceClient],
      exports: [ServiceClient],
    };
  }
}

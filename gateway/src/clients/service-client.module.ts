import { type DynamicModule, Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { natsAuthOptions, natsReconnectOptions, natsTlsOptions } from '@medtutor/nest-kit';
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
            // Never give up reconnecting, with jitter (nest-kit's settings, as every service): a NATS
            // outage must not need a gateway restart.
            options: {
              servers: config.natsUrl.split(','),
              name: 'gateway',
              ...natsReconnectOptions,
              ...natsAuthOptions(config.natsCredentials),
              ...natsTlsOptions(config.natsTls),
            },
          },
        ]),
      ],
      providers: [ServiceClient],
      exports: [ServiceClient],
    };
  }
}

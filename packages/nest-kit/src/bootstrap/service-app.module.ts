import type { DynamicModule, InjectionToken, ModuleMetadata, Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { EventKitModule, type EventKitOptions } from '../events/event-kit.module.js';
import { ServiceHealthModule } from '../health/service-health.module.js';
import type { MailConfig } from '../mail/mail-config.js';
import { MailKitModule } from '../mail/mail-kit.module.js';

/** What the shared wiring reads from the service's config (`serviceRuntime` gives all of it). */
interface ServiceAppConfig {
  databaseUrl: string;
  natsUrl: string;
  natsCredentials?: EventKitOptions['natsCredentials'];
  natsTls?: EventKitOptions['natsTls'];
  eventRetentionDays: number;
}

export interface ServiceAppOptions {
  /** The service's name: its NATS connection, streams and health reply. */
  service: string;
  /** The service's health subject from contracts (`Subjects.<service>.health`). */
  healthSubject: string;
  config: ServiceAppConfig;
  logger: Logger;
  /** The service's global module with its config and database client, imported first. */
  infra: DynamicModule;
  /** Injection token of the service's Prisma client (in `infra`), probed by the health check. */
  database: InjectionToken;
  /** For a service that sends email: its outbox relay starts with the app. */
  mail?: MailConfig | undefined;
  /** The service's own feature modules. */
  features: NonNullable<ModuleMetadata['imports']>;
}

/**
 * A service's root module: its infra, then the event kit (outbox relay, consumers), the mail kit
 * when it sends email, the health subject, and last its own features, which inject all of these.
 */
export function serviceAppModule(module: Type, options: ServiceAppOptions): DynamicModule {
  const { config, logger } = options;
  return {
    module,
    imports: [
      options.infra,
      EventKitModule.forService({
        service: options.service,
        databaseUrl: config.databaseUrl,
        natsUrl: config.natsUrl,
        natsCredentials: config.natsCredentials,
        natsTls: config.natsTls,
        logger,
        retentionDays: config.eventRetentionDays,
      }),
      ...(options.mail ? [MailKitModule.forService({ mail: options.mail, logger })] : []),
      ServiceHealthModule.forService({
        service: options.service,
        subject: options.healthSubject,
        database: options.database,
      }),
      ...options.features,
    ],
  };
}

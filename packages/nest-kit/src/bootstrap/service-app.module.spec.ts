import { type DynamicModule, Module } from '@nestjs/common';
import { pino } from 'pino';
import { EventKitModule } from '../events/event-kit.module.js';
import { ServiceHealthModule } from '../health/service-health.module.js';
import { MailKitModule } from '../mail/mail-kit.module.js';
import { serviceAppModule, type ServiceAppOptions } from './service-app.module.js';

@Module({})
class AppModule {}
@Module({})
class InfraModule {}
@Module({})
class FirstFeature {}
@Module({})
class SecondFeature {}
const DATABASE = Symbol('DATABASE');

const options: ServiceAppOptions = {
  service: 'example',
  healthSubject: 'example.health',
  config: {
    databaseUrl: 'postgresql://localhost/example',
    natsUrl: 'nats://localhost:4222',
    eventRetentionDays: 7,
  },
  logger: pino({ level: 'silent' }),
  infra: { module: InfraModule },
  database: DATABASE,
  features: [FirstFeature, SecondFeature],
};

/** Each import by its module class, in order. */
const importedModules = (root: DynamicModule) =>
  (root.imports ?? []).map((imported) => (imported as DynamicModule).module ?? imported);

describe('serviceAppModule', () => {
  it('imports the infra first, then the event kit and the health subject, and the features last', () => {
    const root = serviceAppModule(AppModule, options);
    expect(root.module).toBe(AppModule);
    expect(importedModules(root)).toEqual([
      InfraModule,
      EventKitModule,
      ServiceHealthModule,
      FirstFeature,
      SecondFeature,
    ]);
  });

  it('adds the mail kit after the event kit for a service that sends email', () => {
    const root = serviceAppModule(AppModule, {
      ...options,
      mail: { from: 'Tests <no-reply@example.test>', transport: { kind: 'folder', dir: '/tmp/example-mail' } },
    });
    expect(importedModules(root)).toEqual([
      InfraModule,
      EventKitModule,
      MailKitModule,
      ServiceHealthModule,
      FirstFeature,
      SecondFeature,
    ]);
  });
});

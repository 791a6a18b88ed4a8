import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type pg from 'pg';
import type { Logger } from 'pino';
import { RELAYS_POOL } from '../events/event-kit.module.js';
import type { MailConfig } from './mail-config.js';
import { MailOutboxStore } from './mail-outbox.js';
import { MailRelay } from './mail-relay.js';
import { Mailer } from './mailer.js';

export interface MailKitOptions {
  mail: MailConfig;
  logger: Logger;
}

/**
 * Starts the relay once the app is up; at shutdown lets it finish the send in hand while the
 * database and the SMTP transport are still open, then closes the transport. The pool is the event
 * kit's, which ends it in onApplicationShutdown, after every beforeApplicationShutdown (this relay's
 * stop included) has finished.
 */
@Injectable()
class MailKitRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    private readonly relay: MailRelay,
    private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}

/**
 * Outbound email for one service: queue with `enqueueMail(tx, message)` in the transaction that
 * causes it, then `wake()` the injected `MailRelay`. The relay works on the event kit's relays pool
 * (`EventKitModule`, imported before this one), so mail costs the service no pool of its own. Global,
 * so feature modules inject the relay without importing this module again.
 */
@Module({})
export class MailKitModule {
  static forService(options: MailKitOptions): DynamicModule {
    const logger = options.logger.child({ component: 'mail-relay' });
    return {
      module: MailKitModule,
      global: true,
      providers: [
        { provide: Mailer, useFactory: () => new Mailer(options.mail, logger) },
        {
          provide: MailRelay,
          inject: [RELAYS_POOL, Mailer],
          useFactory: (pool: pg.Pool, mailer: Mailer) => new MailRelay(new MailOutboxStore(pool), mailer, logger),
        },
        MailKitRuntime,
      ],
      exports: [MailRelay],
    };
  }
}

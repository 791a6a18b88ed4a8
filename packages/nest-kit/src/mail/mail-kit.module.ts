import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type pg from 'pg';
import type { Logger } from 'pino';
import { MAIL_POOL_SIZE } from '../db/connection-budget.js';
import { createPgPool } from '../db/pg-pool.js';
import type { MailConfig } from './mail-config.js';
import { MailOutboxStore } from './mail-outbox.js';
import { MailRelay } from './mail-relay.js';
import { Mailer } from './mailer.js';

export interface MailKitOptions {
  /** The service's own database, which holds its `outbound_emails` table. */
  databaseUrl: string;
  mail: MailConfig;
  logger: Logger;
}

const MAIL_POOL = Symbol('MAIL_POOL');

/**
 * Starts the relay once the app is up; at shutdown lets it finish the send in hand while the
 * database and the SMTP transport are still open, then closes both.
 */
@Injectable()
class MailKitRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    private readonly relay: MailRelay,
    private readonly mailer: Mailer,
    @Inject(MAIL_POOL) private readonly pool: pg.Pool,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.mailer.close();
    await this.pool.end();
  }
}

/**
 * Outbound email for one service: queue with `enqueueMail(tx, message)` in the transaction that
 * causes it, then `wake()` the injected `MailRelay`. Global, so feature modules inject the relay
 * without importing this module again.
 */
@Module({})
export class MailKitModule {
  static forService(options: MailKitOptions): DynamicModule {
    const logger = options.logger.child({ component: 'mail-relay' });
    return {
      module: MailKitModule,
      global: true,
      providers: [
        {
          provide: MAIL_POOL,
          useFactory: () =>
            createPgPool({ databaseUrl: options.databaseUrl, max: MAIL_POOL_SIZE, logger, name: 'mail' }),
        },
        { provide: Mailer, useFactory: () => new Mailer(options.mail, logger) },
        {
          provide: MailRelay,
          inject: [MAIL_POOL, Mailer],
          useFactory: (pool: pg.Pool, mailer: Mailer) => new MailRelay(new MailOutboxStore(pool), mailer, logger),
        },
        MailKitRuntime,
      ],
      exports: [MailRelay],
    };
  }
}

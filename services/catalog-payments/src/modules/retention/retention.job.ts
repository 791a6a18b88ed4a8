import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RetentionJob } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import { LOGGER } from '@medtutor/nest-kit';
import { RetentionRepository } from './retention.repository.js';

/** The retention job's advisory lock (`AdvisoryLease`): one replica deletes a round. */
export const RETENTION_LOCK_KEY = 7_416_233_361;

/**
 * catalog-payments' retention (docs/privacy.md): the records of sent or abandoned emails (receipts,
 * refund notices) after RETENTION_MAIL_DAYS. Payments and refunds are the accounting records kept
 * six years, which no job here deletes.
 */
@Injectable()
export class PaymentsRetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  readonly job: RetentionJob;

  constructor(
    retention: RetentionRepository,
    @Inject(CATALOG_PAYMENTS_CONFIG) config: CatalogPaymentsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.job = new RetentionJob({
      service: 'catalog-payments',
      databaseUrl: config.databaseUrl,
      lockKey: RETENTION_LOCK_KEY,
      intervalMs: config.retention.intervalMs,
      logger,
      tasks: [retention.mailTask(config.retention.mailDays)],
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }
}

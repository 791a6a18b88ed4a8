import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { deleteInBatches, RetentionJob } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import { LOGGER } from '@medtutor/nest-kit';
import { RetentionRepository } from './retention.repository.js';

/** The retention job's advisory lock (`AdvisoryLease`): one replica deletes a round. */
export const RETENTION_LOCK_KEY = 7_416_233_360;

/**
 * identity's retention (docs/privacy.md): spent reset and invitation links, and the records of sent
 * or abandoned emails after RETENTION_MAIL_DAYS, every RETENTION_INTERVAL_MS and at start.
 */
@Injectable()
export class IdentityRetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  readonly job: RetentionJob;

  constructor(
    retention: RetentionRepository,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.job = new RetentionJob({
      service: 'identity',
      databaseUrl: config.databaseUrl,
      lockKey: RETENTION_LOCK_KEY,
      intervalMs: config.retention.intervalMs,
      logger,
      tasks: [
        {
          name: 'reset-links',
          run: (now, batchSize) => deleteInBatches(() => retention.deleteSpentResetLinks(now, batchSize), batchSize),
        },
        retention.mailTask(config.retention.mailDays),
      ],
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }
}

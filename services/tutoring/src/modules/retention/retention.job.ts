import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { deleteInBatches, RetentionJob } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import { LOGGER } from '@medtutor/nest-kit';
import { RetentionRepository } from './retention.repository.js';
import { tutoringCutoffs } from './retention.rules.js';

/** The retention job's advisory lock (`AdvisoryLease`): one replica deletes a round. */
export const RETENTION_LOCK_KEY = 7_416_233_362;

/**
 * tutoring's retention (docs/privacy.md), every RETENTION_INTERVAL_MS and at start: requests of
 * addresses that never bought after RETENTION_REQUESTS_DAYS, spent acknowledgement markers, and the
 * records of sent or abandoned emails after RETENTION_MAIL_DAYS. On the system's time, not the
 * booking rules' `Clock`: the rows it judges are stamped with the real time (the database's `now()`),
 * and a test moving the `Clock` ahead must not make its rounds delete them; tests pass the time to
 * `runOnce`.
 */
@Injectable()
export class TutoringRetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  readonly job: RetentionJob;

  constructor(
    retention: RetentionRepository,
    @Inject(TUTORING_CONFIG) config: TutoringConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    const { requestsDays, mailDays, intervalMs } = config.retention;
    this.job = new RetentionJob({
      service: 'tutoring',
      databaseUrl: config.databaseUrl,
      lockKey: RETENTION_LOCK_KEY,
      intervalMs,
      logger,
      tasks: [
        {
          name: 'requests',
          run: (now, batchSize) => {
            const cutoff = tutoringCutoffs(now, requestsDays).requests;
            return deleteInBatches(() => retention.deleteUnboughtRequests(cutoff, batchSize), batchSize);
          },
        },
        {
          name: 'acknowledgements',
          run: (now, batchSize) => {
            const cutoff = tutoringCutoffs(now, requestsDays).acknowledgements;
            return deleteInBatches(() => retention.deleteStaleAcknowledgements(cutoff, batchSize), batchSize);
          },
        },
        retention.mailTask(mailDays),
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

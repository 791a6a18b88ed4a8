import { Module } from '@nestjs/common';
import { PaymentsRetentionJob } from './retention.job.js';
import { RetentionRepository } from './retention.repository.js';

/** Deleting what catalog-payments keeps no longer than its period (issue 26, docs/privacy.md). */
@Module({ providers: [RetentionRepository, PaymentsRetentionJob] })
export class RetentionModule {}

import { Module } from '@nestjs/common';
import { TutoringRetentionJob } from './retention.job.js';
import { RetentionRepository } from './retention.repository.js';

/** Deleting what tutoring keeps no longer than its period (issue 26, docs/privacy.md). */
@Module({ providers: [RetentionRepository, TutoringRetentionJob] })
export class RetentionModule {}

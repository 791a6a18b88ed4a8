import { Module } from '@nestjs/common';
import { IdentityRetentionJob } from './retention.job.js';
import { RetentionRepository } from './retention.repository.js';

/** Deleting what identity keeps no longer than its period (issue 26, docs/privacy.md). */
@Module({ providers: [RetentionRepository, IdentityRetentionJob] })
export class RetentionModule {}

import { Injectable } from '@nestjs/common';
import { mailRetentionTask, type RetentionTask } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** The retention job's deletes in catalog-payments' database (docs/privacy.md). */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  mailTask(days: number): RetentionTask {
    return mailRetentionTask(this.prisma, days);
  }
}

import { Injectable } from '@nestjs/common';
import type { Actor, RevenueByWeekDto } from '@medtutor/contracts';
import { requireRole } from '@medtutor/nest-kit';
import { revenueReport, weekRange } from './revenue-report.js';
import { RevenueRepository } from './revenue.repository.js';

@Injectable()
export class RevenueService {
  constructor(private readonly revenue: RevenueRepository) {}

  /** Admins only: the figures of every buyer. */
  async byWeek(weeks: number, actor: Actor | null, now = new Date()): Promise<RevenueByWeekDto> {
    requireRole(actor, 'admin');
    const range = weekRange(now, weeks);
    return revenueReport(range.weekStarts, await this.revenue.sumsByWeek(range.from, range.to));
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../infra/prisma.service.js';
import type { WeekCurrencySum } from './revenue-report.js';

interface SumRow {
  week: string;
  currency: string;
  amount: bigint;
  payments: number;
}

@Injectable()
export class RevenueRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Succeeded payments paid in [from, to), summed per UTC week and currency in one aggregation.
   * Bounds go in as ISO strings with their offset: the driver sends a Date without one, which the
   * session's time zone would then shift. The week goes out as text for the same reason.
   */
  async sumsByWeek(from: Date, to: Date): Promise<WeekCurrencySum[]> {
    const rows = await this.prisma.$queryRaw<SumRow[]>`
      SELECT to_char(date_trunc('week', paid_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
             currency,
             sum(amount_minor)::bigint AS amount,
             count(*)::int AS payments
        FROM payments
       WHERE status = 'succeeded'
         AND paid_at >= ${from.toISOString()}::timestamptz
         AND paid_at < ${to.toISOString()}::timestamptz
       GROUP BY 1, 2
       ORDER BY 1, 2`;
    // sum() of an integer column is a bigint and arrives as a BigInt; a Number is exact far past any revenue.
    return rows.map(({ week, currency, amount, payments }) => ({
      week,
      currency,
      amountMinor: Number(amount),
      payments,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../infra/prisma.service.js';
import type { WeekCurrencySum } from './revenue-report.js';

interface SumRow {
  week: string;
  currency: string;
  gross: bigint;
  refunded: bigint;
  payments: number;
  settled: bigint;
  settled_payments: number;
  unsettled_payments: number;
}

@Injectable()
export class RevenueRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Succeeded payments paid in [from, to), summed per UTC week (of the payment, not of its refunds)
   * and currency in one aggregation: charged, given back (a lost dispute in full), and the GBP Stripe
   * settled. A payment counts as settled when its settlement is in GBP and every succeeded refund of
   * it has its settled figure too; a lost dispute nets its settlement to zero (the bank reversed the
   * charge). Bounds go in as ISO strings with their offset: the driver sends a Date without one, which
   * the session's time zone would then shift. The week goes out as text for the same reason.
   */
  async sumsByWeek(from: Date, to: Date): Promise<WeekCurrencySum[]> {
    const rows = await this.prisma.$queryRaw<SumRow[]>`
      WITH paid AS (
        SELECT p.paid_at, p.currency, p.amount_minor, p.refunded_minor, p.settlement_amount_minor,
               EXISTS (SELECT 1 FROM payment_disputes d WHERE d.payment_id = p.id AND d.status = 'lost') AS lost,
               (SELECT coalesce(sum(r.settlement_amount_minor), 0) FROM refunds r
                 WHERE r.payment_id = p.id AND r.status = 'succeeded') AS refunds_settled,
               EXISTS (SELECT 1 FROM refunds r
                        WHERE r.payment_id = p.id AND r.status = 'succeeded' AND r.settlement_amount_minor IS NULL)
                 AS refund_unsettled,
               coalesce(p.settlement_currency = 'GBP' AND p.settlement_amount_minor IS NOT NULL, false) AS in_gbp
          FROM payments p
         WHERE p.status = 'succeeded'
           AND p.paid_at >= ${from.toISOString()}::timestamptz
           AND p.paid_at < ${to.toISOString()}::timestamptz
      ), judged AS (
        SELECT *, in_gbp AND (lost OR NOT refund_unsettled) AS settled FROM paid
      )
      SELECT to_char(date_trunc('week', paid_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
             currency,
             sum(amount_minor)::bigint AS gross,
             sum(CASE WHEN lost THEN amount_minor ELSE least(refunded_minor, amount_minor) END)::bigint AS refunded,
             count(*)::int AS payments,
             coalesce(sum(CASE WHEN lost THEN 0 ELSE settlement_amount_minor - refunds_settled END)
                        FILTER (WHERE settled), 0)::bigint AS settled,
             count(*) FILTER (WHERE settled)::int AS settled_payments,
             count(*) FILTER (WHERE NOT settled)::int AS unsettled_payments
        FROM judged
       GROUP BY 1, 2
       ORDER BY 1, 2`;
    // sum() of an integer column is a bigint and arrives as a BigInt; a Number is exact far past any revenue.
    return rows.map((row) => ({
      week: row.week,
      currency: row.currency,
      grossMinor: Number(row.gross),
      refundedMinor: Number(row.refunded),
      payments: row.payments,
      settledMinor: Number(row.settled),
      settledPayments: row.settled_payments,
      unsettledPayments: row.unsettled_payments,
    }));
  }
}

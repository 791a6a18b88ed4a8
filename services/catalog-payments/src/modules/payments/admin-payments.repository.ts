import { Injectable } from '@nestjs/common';
import type { AdminPaymentsQuerySchema } from '@medtutor/contracts';
import type { z } from 'zod';
import { type Payment, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import type { PaymentWithMoneyBack } from './admin-payment.mapping.js';

type Query = z.output<typeof AdminPaymentsQuerySchema>;

/**
 * The admin status of a payment, in SQL so the list's status filter and its items agree (the same
 * mapping as `adminStatus` in admin-payment.mapping.ts): open → pending; a succeeded payment with an
 * open dispute is disputed; a lost dispute or everything given back is refunded; some given back is
 * partially refunded.
 */
const STATUS_SQL = Prisma.sql`
  CASE
    WHEN p.status IN ('pending', 'requires_action') THEN 'pending'
    WHEN p.status = 'failed' THEN 'failed'
    WHEN p.status = 'canceled' THEN 'canceled'
    WHEN EXISTS (SELECT 1 FROM payment_disputes d WHERE d.payment_id = p.id AND d.status = 'open') THEN 'disputed'
    WHEN p.refunded_minor >= p.amount_minor
      OR EXISTS (SELECT 1 FROM payment_disputes d WHERE d.payment_id = p.id AND d.status = 'lost') THEN 'refunded'
    WHEN p.refunded_minor > 0 THEN 'partially_refunded'
    ELSE 'succeeded'
  END`;

/** LIKE's own wildcards in a search are searched for literally. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const DAY_MS = 86_400_000;

/** The admin's reads of the payments: the searchable list, one payment whole, the flagged ones. */
@Injectable()
export class AdminPaymentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One page of the payments matching the query, newest first, each with its refunds and disputes,
   * and how many match in all. Search: buyer email or name, discount code (contains), payment id or
   * Stripe id (exact).
   */
  async search(query: Query): Promise<{ total: number; payments: PaymentWithMoneyBack[] }> {
    const conditions: Prisma.Sql[] = [];
    if (query.q) {
      const like = likeContains(query.q);
      conditions.push(Prisma.sql`(p.buyer_email ILIKE ${like} OR p.buyer_name ILIKE ${like}
        OR p.discount_code ILIKE ${like} OR p.id::text = ${query.q.toLowerCase()}
        OR p.provider_payment_id = ${query.q} OR p.provider_charge_id = ${query.q})`);
    }
    if (query.status) conditions.push(Prisma.sql`(${STATUS_SQL}) = ${query.status}`);
    if (query.currency) conditions.push(Prisma.sql`p.currency = ${query.currency}`);
    // Inclusive whole UTC days; bounds as ISO strings with their offset (the session's zone never shifts them).
    if (query.from) conditions.push(Prisma.sql`p.created_at >= ${`${query.from}T00:00:00.000Z`}::timestamptz`);
    if (query.to) {
      const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString();
      conditions.push(Prisma.sql`p.created_at < ${end}::timestamptz`);
    }
    const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
    const offset = (query.page - 1) * query.pageSize;

    const [counted, rows] = await Promise.all([
      this.prisma.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM payments p ${where}`,
      this.prisma.$queryRaw<Array<{ id: string }>>`
        SELECT p.id FROM payments p ${where}
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT ${query.pageSize} OFFSET ${offset}`,
    ]);
    const ids = rows.map((row) => row.id);
    const loaded = await this.prisma.payment.findMany({
      where: { id: { in: ids } },
      include: { refunds: true, disputes: true },
    });
    const byId = new Map(loaded.map((payment) => [payment.id, payment]));
    return {
      total: counted[0]?.total ?? 0,
      payments: ids.flatMap((id) => {
        const payment = byId.get(id);
        return payment ? [payment] : [];
      }),
    };
  }

  /** The payment with its refunds and disputes, each in the order they came. */
  detail(paymentId: string): Promise<PaymentWithMoneyBack | null> {
    return this.prisma.payment.findUnique({
      where: { id: paymentId },
      include: {
        refunds: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        disputes: { orderBy: [{ openedAt: 'asc' }, { id: 'asc' }] },
      },
    });
  }

  /** Payments held for an admin (paid with a code that had gone to another payment): the latest `limit`, and how many in all. */
  async conflicts(limit: number): Promise<{ total: number; payments: Payment[] }> {
    const where = { conflictAt: { not: null } };
    const [total, payments] = await Promise.all([
      this.prisma.payment.count({ where }),
      this.prisma.payment.findMany({ where, orderBy: { conflictAt: 'desc' }, take: limit }),
    ]);
    return { total, payments };
  }
}

import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type AdminPaymentDetail,
  type AdminPaymentsPage,
  type AdminPaymentsQuerySchema,
} from '@medtutor/contracts';
import { requireRole } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { adminPaymentNotFound } from './payments.errors.js';
import { toAdminPayment, toAdminPaymentDetail } from './admin-payment.mapping.js';

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

/** The admin Payments tab: every payment, searchable and filterable. Admins only. */
@Injectable()
export class AdminPaymentsService {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first. Search: buyer email or name, discount code (contains), payment id or Stripe id (exact). */
  async list(query: Query, actor: Actor | null): Promise<AdminPaymentsPage> {
    requireRole(actor, 'admin');
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
    const payments = await this.prisma.payment.findMany({
      where: { id: { in: ids } },
      include: { refunds: true, disputes: true },
    });
    const byId = new Map(payments.map((payment) => [payment.id, payment]));
    return {
      items: ids.flatMap((id) => {
        const payment = byId.get(id);
        return payment ? [toAdminPayment(payment)] : [];
      }),
      total: counted[0]?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(paymentId: string, actor: Actor | null): Promise<AdminPaymentDetail> {
    requireRole(actor, 'admin');
    return this.detailOf(paymentId);
  }

  /** The payment with its refunds and disputes; callers check the role. */
  async detailOf(paymentId: string): Promise<AdminPaymentDetail> {
    const payment = await this.prisma.payment.findUnique({
      where: { id: paymentId },
      include: {
        refunds: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        disputes: { orderBy: [{ openedAt: 'asc' }, { id: 'asc' }] },
      },
    });
    if (!payment) throw adminPaymentNotFound();
    return toAdminPaymentDetail(payment);
  }
}

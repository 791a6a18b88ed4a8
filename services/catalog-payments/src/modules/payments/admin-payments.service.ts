import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentStatus,
  type AdminPaymentsPage,
  type AdminPaymentsQuerySchema,
  type CurrencyCode,
  CurrencyCodes,
  ErrorCodes,
  formatMinor,
  RefundMessages,
  type RefundPaymentRequestSchema,
} from '@medtutor/contracts';
import { DomainError, requireRole } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { Prisma, type Payment, type PaymentDispute, type Refund } from '../../generated/prisma/client.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { MoneyBackService } from './money-back.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

type Query = z.output<typeof AdminPaymentsQuerySchema>;
type RefundRequest = z.output<typeof RefundPaymentRequestSchema>;

/**
 * The admin status of a payment, in SQL so the list's status filter and its items agree (the same
 * mapping as `adminStatus` below): open → pending; a succeeded payment with an open dispute is
 * disputed; a lost dispute or everything given back is refunded; some given back is partially refunded.
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

const refundNotAllowed = (message: string) => new DomainError(ErrorCodes.refundNotAllowed, message);
const notFound = () => new DomainError(ErrorCodes.notFound, RefundMessages.paymentNotFound);

/** The admin Payments tab: every payment, searchable and filterable, and refunds. Admins only. */
@Injectable()
export class AdminPaymentsService {
  private readonly logger: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly moneyBack: MoneyBackService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'admin-payments' });
  }

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
    return this.detail(paymentId);
  }

  /**
   * Refunds `amount` (default: all that is left) of a paid payment. The refund row is written pending
   * under a row lock on the payment, so two admins at once cannot give back more than was paid (a
   * pending refund counts against what is left). Then the provider is asked, with our refund's id as
   * the idempotency key, and its answer goes through the same path as Stripe's webhooks.
   */
  async refund(request: RefundRequest, actor: Actor | null, correlationId: string | null): Promise<AdminPaymentDetail> {
    const admin = requireRole(actor, 'admin');
    const refundId = randomUUID();
    const payment = await this.prisma.$transaction(async (tx) => {
      const locked = await this.moneyBack.lock(tx, request.paymentId);
      if (!locked) throw notFound();
      if (locked.status !== 'succeeded' || !locked.providerPaymentId || locked.provider !== this.provider.kind) {
        throw refundNotAllowed(RefundMessages.notRefundable);
      }
      const disputes = await tx.paymentDispute.findMany({ where: { paymentId: locked.id } });
      if (disputes.some((dispute) => dispute.status === 'open')) throw refundNotAllowed(RefundMessages.disputeOpen);
      const pending = await tx.refund.aggregate({
        where: { paymentId: locked.id, status: 'pending' },
        _sum: { amountMinor: true },
      });
      const left = locked.amountMinor - locked.refundedMinor - (pending._sum.amountMinor ?? 0);
      if (left <= 0 || disputes.some((dispute) => dispute.status === 'lost')) {
        throw refundNotAllowed(RefundMessages.nothingLeft);
      }
      const amountMinor = request.amount ?? left;
      if (amountMinor > left) {
        throw new DomainError(
          ErrorCodes.validationFailed,
          RefundMessages.tooLarge(formatMinor(left, locked.currency as CurrencyCode)),
        );
      }
      await tx.refund.create({
        data: {
          id: refundId,
          paymentId: locked.id,
          amountMinor,
          status: 'pending',
          reason: request.reason,
          requestedBy: admin.userId,
        },
      });
      return {
        ...locked,
        providerPaymentId: locked.providerPaymentId,
        amountMinor: locked.amountMinor,
        refundMinor: amountMinor,
      };
    });

    let answer;
    try {
      answer = await this.provider.createRefund({
        refundId,
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.refundMinor,
        currency: payment.currency as CurrencyCode,
      });
    } catch (error) {
      this.logger.error({ err: error, paymentId: payment.id, refundId }, 'the payment provider refused the refund');
      // Only a refund no answer has reached yet: a webhook may already have told us Stripe made it.
      await this.prisma.refund.updateMany({
        where: { id: refundId, status: 'pending', providerRefundId: null },
        data: { status: 'failed' },
      });
      throw new DomainError(ErrorCodes.paymentProviderUnavailable, RefundMessages.providerRefused);
    }
    this.logger.info(
      { paymentId: payment.id, refundId, amountMinor: payment.refundMinor, by: admin.userId, status: answer.status },
      'refund requested',
    );
    const outcome = await this.prisma.$transaction(async (tx) => {
      const locked = await this.moneyBack.lock(tx, payment.id);
      if (!locked) throw notFound();
      await this.moneyBack.recordRefund(tx, locked, {
        providerRefundId: answer.providerRefundId,
        refundId,
        amountMinor: payment.refundMinor,
        status: answer.status,
        reason: request.reason,
        settlementAmountMinor: answer.settlementAmountMinor,
      });
      return this.moneyBack.applyRefunded(tx, locked, new Date(), correlationId);
    });
    this.moneyBack.wake(outcome);
    return this.detail(payment.id);
  }

  private async detail(paymentId: string): Promise<AdminPaymentDetail> {
    const payment = await this.prisma.payment.findUnique({
      where: { id: paymentId },
      include: {
        refunds: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        disputes: { orderBy: [{ openedAt: 'asc' }, { id: 'asc' }] },
      },
    });
    if (!payment) throw notFound();
    const currency = payment.currency as CurrencyCode;
    const settlementCurrency = CurrencyCodes.find((code) => code === payment.settlementCurrency);
    return {
      ...toAdminPayment(payment),
      failureReason: payment.failureReason,
      refunds: payment.refunds.map((refund) => ({
        id: refund.id,
        providerRefundId: refund.providerRefundId,
        amount: refund.amountMinor,
        formattedAmount: formatMinor(refund.amountMinor, currency),
        status: refund.status,
        reason: refund.reason,
        requestedBy: refund.requestedBy,
        createdAt: refund.createdAt.toISOString(),
      })),
      disputes: payment.disputes.map((dispute) => ({
        id: dispute.id,
        status: dispute.status,
        amount: dispute.amountMinor,
        formattedAmount: formatMinor(dispute.amountMinor, currency),
        reason: dispute.reason,
        openedAt: dispute.openedAt.toISOString(),
        closedAt: dispute.closedAt?.toISOString() ?? null,
      })),
      settlement:
        settlementCurrency && payment.settlementAmountMinor !== null
          ? {
              currency: settlementCurrency,
              amount: payment.settlementAmountMinor,
              formattedAmount: formatMinor(payment.settlementAmountMinor, settlementCurrency),
              exchangeRate: payment.settlementExchangeRate === null ? null : Number(payment.settlementExchangeRate),
            }
          : null,
    };
  }
}

type PaymentWithMoneyBack = Payment & { refunds: Refund[]; disputes: PaymentDispute[] };

/** The same mapping as STATUS_SQL, for one loaded payment. */
export function adminStatus(payment: PaymentWithMoneyBack): AdminPaymentStatus {
  if (payment.status === 'pending' || payment.status === 'requires_action') return 'pending';
  if (payment.status === 'failed' || payment.status === 'canceled') return payment.status;
  if (payment.disputes.some((dispute) => dispute.status === 'open')) return 'disputed';
  if (payment.refundedMinor >= payment.amountMinor || payment.disputes.some((dispute) => dispute.status === 'lost')) {
    return 'refunded';
  }
  return payment.refundedMinor > 0 ? 'partially_refunded' : 'succeeded';
}

function toAdminPayment(payment: PaymentWithMoneyBack): AdminPayment {
  const currency = payment.currency as CurrencyCode;
  const status = adminStatus(payment);
  const pending = payment.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  const refundable =
    status === 'succeeded' || status === 'partially_refunded'
      ? Math.max(0, payment.amountMinor - payment.refundedMinor - pending)
      : 0;
  return {
    paymentId: payment.id,
    userId: payment.userId,
    studentName: payment.buyerName,
    studentEmail: payment.buyerEmail,
    subject: payment.subject as AdminPayment['subject'],
    packageType: payment.packageType as AdminPayment['packageType'],
    packageName: payment.packageName,
    hours: payment.hours,
    currency,
    amount: payment.amountMinor,
    formattedAmount: formatMinor(payment.amountMinor, currency),
    discountCode: payment.discountCode,
    status,
    refundedAmount: payment.refundedMinor,
    formattedRefundedAmount: formatMinor(payment.refundedMinor, currency),
    refundableAmount: refundable,
    provider: payment.provider,
    providerReference: payment.providerPaymentId,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

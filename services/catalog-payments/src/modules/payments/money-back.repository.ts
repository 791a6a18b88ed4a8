import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Payment, PaymentDispute, PaymentProviderKind, Prisma, Refund } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/prisma.service.js';
import { PrismaService } from '../../infra/prisma.service.js';
import type { ReportedDispute, ReportedRefund } from './providers/provider-events.js';

export type RefundWithPayment = Refund & { payment: Payment };

/**
 * The refunds and disputes tables: what money went back, or is held, on each payment. Methods that
 * take `db` run on the caller's transaction (the payment row locked by `PaymentRepository.lock`); the
 * others are the sweeper's and the reconciliation's reads and single-row updates.
 */
@Injectable()
export class MoneyBackRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A reported refund's row: by Stripe's id, else by our id from its metadata (on the same payment). */
  async findReportedRefund(tx: Db, paymentId: string, reported: ReportedRefund): Promise<Refund | null> {
    return (
      (await this.findRefundByProviderId(tx, reported.providerRefundId)) ??
      (reported.refundId ? await tx.refund.findFirst({ where: { id: reported.refundId, paymentId } }) : null)
    );
  }

  findRefundByProviderId(tx: Db, providerRefundId: string): Promise<Refund | null> {
    return tx.refund.findUnique({ where: { providerRefundId } });
  }

  /** A refund made in the Stripe dashboard: nobody of ours asked for it. */
  async insertReportedRefund(tx: Db, paymentId: string, reported: ReportedRefund): Promise<void> {
    await tx.refund.create({
      data: {
        id: randomUUID(),
        paymentId,
        providerRefundId: reported.providerRefundId,
        amountMinor: reported.amountMinor,
        status: reported.status,
        reason: reported.reason,
        requestedBy: null,
        settlementAmountMinor: reported.settlementAmountMinor,
      },
    });
  }

  /** An admin's refund, pending until the provider answers. */
  async insertRequestedRefund(
    tx: Db,
    refund: { id: string; paymentId: string; amountMinor: number; reason: string; requestedBy: number },
  ): Promise<void> {
    await tx.refund.create({ data: { ...refund, status: 'pending' } });
  }

  async updateRefund(
    tx: Db,
    refundId: string,
    data: Pick<Prisma.RefundUpdateInput, 'providerRefundId' | 'status' | 'settlementAmountMinor'>,
  ): Promise<void> {
    await tx.refund.update({ where: { id: refundId }, data });
  }

  /** The sum of the payment's succeeded refunds, and the reason of the latest one. */
  async succeededRefundsOf(tx: Db, paymentId: string): Promise<{ totalMinor: number; latestReason: string | null }> {
    const where = { paymentId, status: 'succeeded' as const };
    const succeeded = await tx.refund.aggregate({ where, _sum: { amountMinor: true } });
    const latest = await tx.refund.findFirst({ where, orderBy: [{ updatedAt: 'desc' }, { createdAt: 'desc' }] });
    return { totalMinor: succeeded._sum.amountMinor ?? 0, latestReason: latest?.reason ?? null };
  }

  /** What the payment's pending refunds hold back. */
  async pendingRefundsMinorOf(tx: Db, paymentId: string): Promise<number> {
    const pending = await tx.refund.aggregate({ where: { paymentId, status: 'pending' }, _sum: { amountMinor: true } });
    return pending._sum.amountMinor ?? 0;
  }

  /** Stripe said no to our refund: failed, unless an answer reached the row meanwhile. */
  async failUnanswered(refundId: string): Promise<void> {
    await this.prisma.refund.updateMany({
      where: { id: refundId, status: 'pending', providerRefundId: null },
      data: { status: 'failed' },
    });
  }

  /** Our refunds of this provider still pending without Stripe's id, asked for before `before`: oldest first. */
  unansweredRefunds(provider: PaymentProviderKind, before: Date, take: number): Promise<RefundWithPayment[]> {
    return this.prisma.refund.findMany({
      where: {
        status: 'pending',
        providerRefundId: null,
        createdAt: { lt: before },
        payment: { provider, providerPaymentId: { not: null } },
      },
      include: { payment: true },
      orderBy: { createdAt: 'asc' },
      take,
    });
  }

  /** Succeeded refunds of this provider still without a settlement figure: oldest first. */
  unsettledRefunds(provider: PaymentProviderKind, take: number): Promise<RefundWithPayment[]> {
    return this.prisma.refund.findMany({
      where: {
        status: 'succeeded',
        settlementAmountMinor: null,
        providerRefundId: { not: null },
        payment: { provider },
      },
      include: { payment: true },
      orderBy: { createdAt: 'asc' },
      take,
    });
  }

  /** The settlement figure, once. */
  async recordRefundSettlement(refundId: string, settlementAmountMinor: number): Promise<void> {
    await this.prisma.refund.updateMany({
      where: { id: refundId, settlementAmountMinor: null },
      data: { settlementAmountMinor },
    });
  }

  refundsOf(paymentIds: string[]): Promise<Refund[]> {
    return this.prisma.refund.findMany({ where: { paymentId: { in: paymentIds } } });
  }

  findDispute(tx: Db, disputeId: string): Promise<PaymentDispute | null> {
    return tx.paymentDispute.findUnique({ where: { id: disputeId } });
  }

  disputesOf(tx: Db, paymentId: string): Promise<PaymentDispute[]> {
    return tx.paymentDispute.findMany({ where: { paymentId } });
  }

  /** The dispute as reported: its status (and when it closed) on a known one, the whole row on a new one. */
  async saveDispute(tx: Db, paymentId: string, reported: ReportedDispute, known: boolean): Promise<void> {
    const closedAt = reported.status === 'open' ? null : reported.at;
    if (known) {
      await tx.paymentDispute.update({ where: { id: reported.id }, data: { status: reported.status, closedAt } });
      return;
    }
    await tx.paymentDispute.create({
      data: {
        id: reported.id,
        paymentId,
        status: reported.status,
        amountMinor: reported.amountMinor,
        reason: reported.reason,
        openedAt: reported.openedAt,
        closedAt,
      },
    });
  }
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { CurrencyCode } from '@medtutor/contracts';
import { DATABASE_CONNECT_TIMEOUT_MS } from '@medtutor/nest-kit';
import pg from 'pg';
import type { Logger } from 'pino';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { ABANDONED, type EndOutcome, OPEN } from './payment-states.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { RefundConfirmationService } from './refund-confirmation.service.js';

/**
 * Session-level advisory lock held for one sweep: replicas share the database, so only the one that
 * takes it sweeps; the others skip that round. PostgreSQL drops it when the session ends, so a replica
 * that dies mid-sweep does not block the others.
 */
export const SWEEPER_LOCK_KEY = 7_416_233_150;

/** Checkouts ended per round: bounds one round's provider calls; the rest wait for the next round. */
const BATCH = 100;

/**
 * A refund still pending without Stripe's id this long after it was asked for lost its answer (the
 * admin's call, SDK retries and reconciliation included, ends within a minute): the sweeper asks
 * Stripe about it.
 */
export const UNANSWERED_REFUND_AFTER_MS = 2 * 60_000;

/**
 * Past this age nothing of the request can still be in flight: when Stripe's list still shows no
 * such refund and the same-key call still gets no answer, Stripe made nothing, and the row fails.
 */
export const UNANSWERED_REFUND_GIVE_UP_MS = 60 * 60_000;

/**
 * One round's work: how each checkout ended, how many settlement figures were filled in, and how many
 * unanswered refunds got Stripe's answer.
 */
export type SweepCounts = Record<EndOutcome, number> & { settled: number; refundsConfirmed: number };
export type SweepResult = SweepCounts | 'locked';

/**
 * Ends abandoned checkouts: open payments older than PAYMENT_HOLD_MINUTES have their intents
 * cancelled at the provider, then are closed and their discount holds given back (see
 * `CheckoutEndingService.endCheckout`: an intent that cannot be cancelled keeps its hold until a later round).
 * The same round fills in the settlement figures Stripe had not reported (or we failed to ask for)
 * when a payment was paid or refunded: at most `BATCH` of each a round, oldest first.
 */
@Injectable()
export class PaymentSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly ending: CheckoutEndingService,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly refunds: RefundConfirmationService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CATALOG_PAYMENTS_CONFIG) private readonly config: CatalogPaymentsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-sweeper' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.payments.sweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round, unless this replica is still in its previous one. */
  private tick(): void {
    if (this.running) return;
    this.running = this.sweepOnce()
      .catch((error: unknown) => this.logger.error({ err: error }, 'abandoned-checkout sweep failed'))
      .finally(() => (this.running = null));
  }

  /** 'locked' when another replica holds the sweeper lock; otherwise how each checkout ended. */
  async sweepOnce(now = new Date()): Promise<SweepResult> {
    const lock = new pg.Client({
      connectionString: this.config.databaseUrl,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    });
    // The lock's connection idles while the round runs on Prisma: if the database drops it then, pg
    // emits 'error' on the client, which unheard would end the process. The round fails instead
    // (its next query throws) and the next one starts afresh.
    lock.on('error', (error) => this.logger.warn({ err: error }, 'sweeper lock connection dropped'));
    await lock.connect();
    try {
      const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        SWEEPER_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) return 'locked';
      try {
        return await this.sweep(now);
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [SWEEPER_LOCK_KEY]);
      }
    } finally {
      await lock.end();
    }
  }

  private async sweep(now: Date): Promise<SweepCounts> {
    const abandoned = await this.prisma.payment.findMany({
      where: {
        status: { in: [...OPEN] },
        createdAt: { lt: new Date(now.getTime() - this.config.payments.holdMs) },
        conflictAt: null, // held for an admin: Stripe reported it paid with other figures (PaymentWebhooksService)
      },
      orderBy: { createdAt: 'asc' },
      take: BATCH,
    });
    const result: SweepCounts = { released: 0, paid: 0, kept: 0, settled: 0, refundsConfirmed: 0 };
    for (const payment of abandoned) result[await this.ending.endCheckout(payment, ABANDONED, null)] += 1;
    if (abandoned.length) this.logger.info(result, 'abandoned checkouts swept');
    result.refundsConfirmed = await this.confirmUnansweredRefunds(now);
    result.settled = await this.fillSettlements();
    return result;
  }

  /** Refunds whose answer was lost (see `RefundConfirmationService`): Stripe is asked what it did. */
  private async confirmUnansweredRefunds(now: Date): Promise<number> {
    const refunds = await this.prisma.refund.findMany({
      where: {
        status: 'pending',
        providerRefundId: null,
        createdAt: { lt: new Date(now.getTime() - UNANSWERED_REFUND_AFTER_MS) },
        payment: { provider: this.provider.kind, providerPaymentId: { not: null } },
      },
      include: { payment: true },
      orderBy: { createdAt: 'asc' },
      take: BATCH,
    });
    let confirmed = 0;
    for (const refund of refunds) {
      const attempt = await this.refunds.confirm(
        {
          refundId: refund.id,
          paymentId: refund.paymentId,
          providerPaymentId: refund.payment.providerPaymentId ?? '',
          amountMinor: refund.amountMinor,
          currency: refund.payment.currency as CurrencyCode,
          reason: refund.reason,
        },
        null,
        refund.createdAt.getTime() < now.getTime() - UNANSWERED_REFUND_GIVE_UP_MS,
      );
      if (attempt !== 'unconfirmed') confirmed += 1;
    }
    if (confirmed) this.logger.info({ confirmed }, 'unanswered refunds confirmed with the provider');
    return confirmed;
  }

  /** Paid payments and succeeded refunds of this provider still without a settlement figure. */
  private async fillSettlements(): Promise<number> {
    // The demo settles when paid or not at all (no rates for other currencies): nothing to ask later.
    if (this.provider.kind !== 'stripe') return 0;
    let settled = 0;
    const payments = await this.prisma.payment.findMany({
      where: { provider: this.provider.kind, status: 'succeeded', settlementAmountMinor: null },
      orderBy: { paidAt: 'asc' },
      take: BATCH,
    });
    for (const payment of payments) if (await this.fulfilment.recordSettlement(payment)) settled += 1;
    const refunds = await this.prisma.refund.findMany({
      where: {
        status: 'succeeded',
        settlementAmountMinor: null,
        providerRefundId: { not: null },
        payment: { provider: this.provider.kind },
      },
      include: { payment: true },
      orderBy: { createdAt: 'asc' },
      take: BATCH,
    });
    for (const refund of refunds) {
      const amount = await this.provider
        .refundSettlementOf(refund.providerRefundId ?? '', refund.payment.currency as CurrencyCode, refund.amountMinor)
        .catch((error: unknown) => {
          this.logger.warn({ err: error, refundId: refund.id }, "could not learn a refund's settlement");
          return null;
        });
      if (amount === null) continue;
      await this.prisma.refund.updateMany({
        where: { id: refund.id, settlementAmountMinor: null },
        data: { settlementAmountMinor: amount },
      });
      settled += 1;
    }
    if (settled) this.logger.info({ settled }, 'settlement figures filled in');
    return settled;
  }
}

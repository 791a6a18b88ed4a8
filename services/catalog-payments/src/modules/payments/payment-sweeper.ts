import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { CurrencyCode } from '@medtutor/contracts';
import { AdvisoryLease, PeriodicJob } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import { LOGGER } from '@medtutor/nest-kit';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { MoneyBackRepository } from './money-back.repository.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { PaymentRepository } from './payment.repository.js';
import { ABANDONED, type EndOutcome } from './payment-states.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { RefundConfirmationService } from './refund-confirmation.service.js';

/** The advisory lock held for one sweep (`AdvisoryLease`): only one replica sweeps a round. */
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
  private readonly lease: AdvisoryLease;
  private readonly job: PeriodicJob;

  constructor(
    private readonly payments: PaymentRepository,
    private readonly moneyBackRows: MoneyBackRepository,
    private readonly ending: CheckoutEndingService,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly refunds: RefundConfirmationService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CATALOG_PAYMENTS_CONFIG) private readonly config: CatalogPaymentsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-sweeper' });
    this.lease = new AdvisoryLease({ databaseUrl: config.databaseUrl, key: SWEEPER_LOCK_KEY, logger: this.logger });
    this.job = new PeriodicJob({
      name: 'payment-sweeper',
      intervalMs: config.payments.sweepIntervalMs,
      logger: this.logger,
      round: () => this.sweepOnce(),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }

  /** 'locked' when another replica holds the sweeper lock; otherwise how each checkout ended. */
  sweepOnce(now = new Date()): Promise<SweepResult> {
    return this.lease.run(() => this.sweep(now));
  }

  private async sweep(now: Date): Promise<SweepCounts> {
    const abandoned = await this.payments.abandoned(new Date(now.getTime() - this.config.payments.holdMs), BATCH);
    const result: SweepCounts = { released: 0, paid: 0, kept: 0, settled: 0, refundsConfirmed: 0 };
    for (const payment of abandoned) result[await this.ending.endCheckout(payment, ABANDONED, null)] += 1;
    if (abandoned.length) this.logger.info(result, 'abandoned checkouts swept');
    result.refundsConfirmed = await this.confirmUnansweredRefunds(now);
    result.settled = await this.fillSettlements();
    return result;
  }

  /** Refunds whose answer was lost (see `RefundConfirmationService`): Stripe is asked what it did. */
  private async confirmUnansweredRefunds(now: Date): Promise<number> {
    const refunds = await this.moneyBackRows.unansweredRefunds(
      this.provider.kind,
      new Date(now.getTime() - UNANSWERED_REFUND_AFTER_MS),
      BATCH,
    );
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
    const payments = await this.payments.unsettled(this.provider.kind, BATCH);
    for (const payment of payments) if (await this.fulfilment.recordSettlement(payment)) settled += 1;
    const refunds = await this.moneyBackRows.unsettledRefunds(this.provider.kind, BATCH);
    for (const refund of refunds) {
      const amount = await this.provider
        .refundSettlementOf(refund.providerRefundId ?? '', refund.payment.currency as CurrencyCode, refund.amountMinor)
        .catch((error: unknown) => {
          this.logger.warn({ err: error, refundId: refund.id }, "could not learn a refund's settlement");
          return null;
        });
      if (amount === null) continue;
      await this.moneyBackRows.recordRefundSettlement(refund.id, amount);
      settled += 1;
    }
    if (settled) this.logger.info({ settled }, 'settlement figures filled in');
    return settled;
  }
}

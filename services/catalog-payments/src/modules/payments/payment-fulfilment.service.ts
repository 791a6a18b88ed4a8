import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { CurrencyCode } from '@medtutor/contracts';
import { enqueueMail, MailRelay, OutboxRelay } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { Payment } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { MoneyBackService } from './money-back.service.js';
import { receiptEmail } from './receipt-email.js';
import { flagCodeConflict, pay } from './payment-states.js';
import { PaymentRepository, type Tx } from './payment.repository.js';

/** Paying a payment, and what follows once it commits: the event, the receipt, the settlement. */
@Injectable()
export class PaymentFulfilmentService implements OnModuleDestroy {
  private readonly logger: Logger;
  private readonly settling = new Set<Promise<boolean>>();

  constructor(
    private readonly payments: PaymentRepository,
    private readonly codes: DiscountCodesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxRelay,
    private readonly mail: MailRelay,
    private readonly moneyBack: MoneyBackService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payments' });
  }

  /**
   * The one way a payment becomes paid, for every provider: the `pay` transition (status and the
   * payments.payment_succeeded.v1 event), code spent and the receipt commit together, exactly once
   * (the repository's conditional update lets one caller through). For a payment the provider took:
   * paid even if we had closed it.
   */
  async fulfil(paymentId: string, paidAt: Date, correlationId: string | null): Promise<boolean> {
    const paid = await this.payments.transaction((tx) => this.markPaid(tx, paymentId, paidAt, correlationId));
    if (paid) {
      this.afterPaid(paid);
      await this.recordSettlement(paid);
    }
    return paid !== null;
  }

  /**
   * `recordSettlement` without waiting for it: a webhook answers Stripe at once rather than after
   * another Stripe call. `idle` waits for the ones in flight (at shutdown, and in tests).
   */
  settleLater(payment: Payment): void {
    const work = this.recordSettlement(payment).finally(() => this.settling.delete(work));
    this.settling.add(work);
  }

  async idle(): Promise<void> {
    await Promise.all([...this.settling]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }

  /**
   * What the provider settled for a paid payment (Stripe's balance transaction: amount and rate), for
   * the GBP revenue figure. Best effort, after the payment committed: a failure is logged and the
   * sweeper asks again later. True when a settlement was stored.
   */
  async recordSettlement(payment: Payment): Promise<boolean> {
    if (payment.settlementAmountMinor !== null || !payment.providerPaymentId) return false;
    if (payment.provider !== this.provider.kind) return false;
    try {
      const settlement = await this.provider.settlementOf({
        providerPaymentId: payment.providerPaymentId,
        currency: payment.currency as CurrencyCode,
        amountMinor: payment.amountMinor,
      });
      if (!settlement) return false;
      return await this.payments.recordSettlement(payment.id, settlement);
    } catch (error) {
      this.logger.warn({ err: error, paymentId: payment.id }, 'could not learn the settlement: the sweeper retries');
      return false;
    }
  }

  /** Once the transaction committed: publishes the event and sends the receipt now rather than at the relays' next poll. */
  afterPaid(payment: Payment): void {
    if (payment.conflictAt) {
      this.logger.error(
        { paymentId: payment.id, userId: payment.userId, code: payment.discountCode, conflict: payment.conflictReason },
        'paid with a discount code that had gone to another payment: credited and flagged for an admin',
      );
    }
    this.outbox.nudge();
    if (payment.buyerEmail) this.mail.wake();
  }

  /**
   * Inside the caller's transaction; call `afterPaid` once it commits. Null when not paid by this call
   * (already paid, held, or closed while `onlyOpen`: the demo's intent is its row, see `pay`). When
   * the code went to another payment first, this payment is still paid (the buyer paid) and is
   * flagged as a conflict in the same transaction, so it is never paid without its flag.
   */
  async markPaid(tx: Tx, paymentId: string, paidAt: Date, correlationId: string | null, onlyOpen = false) {
    const current = await this.payments.find(paymentId, tx);
    if (!current) return null;
    const paid = await this.payments.apply(tx, current, (p) => pay(p, { paidAt, onlyIfOpen: onlyOpen }), correlationId);
    if (!paid.applied) return null;
    let payment = paid.payment;
    if (
      payment.discountCode &&
      !(await this.codes.spend(payment.discountCode, payment.id, payment.userId, paidAt, tx))
    ) {
      const flagged = await this.payments.apply(tx, payment, (p) => flagCodeConflict(p, new Date()), correlationId);
      if (flagged.applied) payment = flagged.payment;
    }
    if (payment.buyerEmail) {
      await enqueueMail(tx, receiptEmail({ ...payment, buyerEmail: payment.buyerEmail, paidAt }));
    }
    // Refunds Stripe reported before the payment's own success (its events come in any order): applied
    // now, after the credit, so tutoring sees the purchase before what was taken back.
    await this.moneyBack.applyRefunded(tx, payment, paidAt, correlationId);
    return payment;
  }
}

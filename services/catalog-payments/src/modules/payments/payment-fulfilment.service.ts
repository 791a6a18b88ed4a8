import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type CurrencyCode, EventTypes, PaymentMessages, type PaymentSucceededV1 } from '@medtutor/contracts';
import { enqueueMail, MailRelay, newEvent, OutboxRelay, writeOutbox } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { MoneyBackService } from './money-back.service.js';
import { receiptEmail } from './receipt-email.js';
import { OPEN } from './payment-states.js';

/** Paying a payment, and what follows once it commits: the event, the receipt, the settlement. */
@Injectable()
export class PaymentFulfilmentService implements OnModuleDestroy {
  private readonly logger: Logger;
  private readonly settling = new Set<Promise<boolean>>();

  constructor(
    private readonly prisma: PrismaService,
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
   * The one way a payment becomes paid, for every provider: status, code spent, the
   * payments.payment_succeeded.v1 event and the receipt commit together, exactly once (the
   * conditional update lets one caller through). A payment the provider reports paid is paid even if
   * we had closed it: the money was taken, so the hours are owed. `onlyOpen` is for the demo, whose
   * intent is the row itself, so a closed row is a cancelled intent.
   */
  async fulfil(
    paymentId: string,
    paidAt: Date,
    correlationId: string | null,
    { onlyOpen = false }: { onlyOpen?: boolean } = {},
  ): Promise<boolean> {
    const paid = await this.prisma.$transaction((tx) => this.markPaid(tx, paymentId, paidAt, correlationId, onlyOpen));
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
      const { count } = await this.prisma.payment.updateMany({
        where: { id: payment.id, settlementAmountMinor: null },
        data: {
          settlementCurrency: settlement.currency,
          settlementAmountMinor: settlement.amountMinor,
          settlementExchangeRate: settlement.exchangeRate,
          ...(settlement.chargeId && { providerChargeId: settlement.chargeId }),
        },
      });
      return count > 0;
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
   * Inside the caller's transaction; call `afterPaid` once it commits. Null when already paid. When
   * the code went to another payment first, this payment is still paid (the buyer paid) and is
   * flagged as a conflict in the same transaction, so it is never paid without its flag.
   */
  async markPaid(tx: Db, paymentId: string, paidAt: Date, correlationId: string | null, onlyOpen = false) {
    const { count } = await tx.payment.updateMany({
      // conflictAt on a payment not yet paid: Stripe reported it paid with another amount, currency or
      // mode (PaymentWebhooksService): held for an admin, never credited.
      where: { id: paymentId, status: onlyOpen ? { in: [...OPEN] } : { not: 'succeeded' }, conflictAt: null },
      data: { status: 'succeeded', paidAt, failureReason: null },
    });
    if (count === 0) return null;
    let payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
    if (
      payment.discountCode &&
      !(await this.codes.spend(payment.discountCode, payment.id, payment.userId, paidAt, tx))
    ) {
      payment = await tx.payment.update({
        where: { id: paymentId },
        data: { conflictReason: PaymentMessages.codeConflict, conflictAt: new Date() },
      });
    }
    await writeOutbox(tx, newEvent(EventTypes.paymentSucceeded, 1, succeededEvent(payment, paidAt), correlationId));
    if (payment.buyerEmail) {
      await enqueueMail(tx, receiptEmail({ ...payment, buyerEmail: payment.buyerEmail, paidAt }));
    }
    // Refunds Stripe reported before the payment's own success (its events come in any order): applied
    // now, after the credit, so tutoring sees the purchase before what was taken back. The conditional
    // update above holds the row lock the money-back path expects.
    await this.moneyBack.applyRefunded(tx, payment, paidAt, correlationId);
    return payment;
  }
}

const succeededEvent = (payment: Payment, paidAt: Date): PaymentSucceededV1 => ({
  paymentId: payment.id,
  userId: payment.userId,
  subject: payment.subject as PaymentSucceededV1['subject'],
  packageType: payment.packageType as PaymentSucceededV1['packageType'],
  packageName: payment.packageName,
  hours: payment.hours,
  currency: payment.currency as CurrencyCode,
  amount: payment.amountMinor,
  discountCode: payment.discountCode,
  provider: payment.provider,
  paidAt: paidAt.toISOString(),
  buyerEmail: payment.buyerEmail,
});

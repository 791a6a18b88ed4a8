import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  type Actor,
  type CreatePaymentIntentRequestSchema,
  type CurrencyCode,
  DemoCards,
  type DemoConfirmBodySchema,
  type DemoConfirmReply,
  ErrorCodes,
  EventTypes,
  formatMinor,
  type PaymentDto,
  type PaymentIntentDto,
  PaymentMessages,
  type PaymentSucceededV1,
} from '@medtutor/contracts';
import {
  DomainError,
  enqueueMail,
  MailRelay,
  newEvent,
  OutboxRelay,
  requireActor,
  requireRole,
  writeOutbox,
} from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { demoCardUnknown, paymentNotFound, paymentNotPending, providerUnavailable } from './payments.errors.js';
import { type CreateIntentInput, PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { MoneyBackService } from './money-back.service.js';
import { receiptEmail } from './receipt-email.js';

type CreateRequest = z.output<typeof CreatePaymentIntentRequestSchema>;
type DemoConfirm = z.output<typeof DemoConfirmBodySchema>;

/** Statuses in which a payment may still be paid, failed or cancelled. */
export const OPEN = ['pending', 'requires_action'] as const;

export const SUPERSEDED = 'superseded by a newer checkout';
export const ABANDONED = 'checkout abandoned';

/** What became of an open checkout that was to be ended. */
export type EndOutcome = 'released' | 'paid' | 'kept';

@Injectable()
export class PaymentsService implements OnModuleDestroy {
  private readonly logger: Logger;
  private readonly settling = new Set<Promise<boolean>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly catalog: CatalogService,
    private readonly codes: DiscountCodesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CATALOG_PAYMENTS_CONFIG) private readonly config: CatalogPaymentsConfig,
    private readonly outbox: OutboxRelay,
    private readonly mail: MailRelay,
    private readonly moneyBack: MoneyBackService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payments' });
  }

  /**
   * Records the payment (and the code's hold) first, then asks the provider for an intent. A buyer
   * has one open checkout: their earlier open ones are ended first (cancelled at the provider, then
   * closed and their holds given back), so Apply/Remove on the checkout page or a retry never leaks
   * a code, and a hold is never given back while its intent can still be paid.
   */
  async createIntent(
    request: CreateRequest,
    actor: Actor | null,
    correlationId: string | null = null,
  ): Promise<PaymentIntentDto> {
    const buyer = requireRole(actor, 'student', 'admin');
    this.catalog.quote(request); // UCAT and friends are refused before anything is held
    await this.endOpenCheckouts(buyer.userId, correlationId);
    const id = randomUUID();

    const payment = await this.recordCheckout(request, buyer, id).catch(async (error: unknown) => {
      // Two checkouts of one buyer at once (a double click, React's development double effect): the
      // other took the code after this one had ended the buyer's open checkouts. End it too, once.
      const refused = error instanceof DomainError && error.code === ErrorCodes.discountCodeInvalid;
      if (!refused || !request.discountCode || !(await this.codes.isHeldBy(request.discountCode, buyer.userId))) {
        throw error;
      }
      await this.endOpenCheckouts(buyer.userId, correlationId);
      return this.recordCheckout(request, buyer, id);
    });

    let intent;
    try {
      intent = await this.provider.createIntent(intentInput(payment));
    } catch (error) {
      this.logger.error({ err: error, paymentId: id }, 'payment provider refused or did not answer');
      await this.close(id, 'failed', 'payment provider unavailable');
      throw providerUnavailable();
    }
    await this.prisma.payment.update({
      where: { id },
      data: { providerPaymentId: intent.providerPaymentId, clientSecret: intent.clientSecret },
    });
    const currency = payment.currency as CurrencyCode;
    return {
      paymentId: id,
      provider: this.provider.kind,
      publishableKey: this.provider.publishableKey,
      clientSecret: intent.clientSecret,
      subject: payment.subject as PaymentIntentDto['subject'],
      packageType: payment.packageType as PaymentIntentDto['packageType'],
      packageName: payment.packageName,
      hours: payment.hours,
      currency,
      amount: payment.amountMinor,
      formattedPrice: formatMinor(payment.amountMinor, currency),
      originalPrice: formatMinor(payment.originalAmountMinor, currency),
      discountApplied: payment.discountMinor > 0,
      discountCode: payment.discountCode,
      discountAmount: payment.discountMinor,
    };
  }

  /**
   * The owner's (or an admin's) payment. A Stripe payment still open is checked with Stripe, so the
   * success page ends well even when the webhook is slow or lost.
   */
  async getPayment(paymentId: string, actor: Actor | null, correlationId: string | null): Promise<PaymentDto> {
    let payment = await this.ownPayment(paymentId, actor, { allowAdmin: true });
    if (payment.provider === 'stripe' && payment.providerPaymentId && isOpen(payment.status)) {
      const state = await this.provider.intentState(payment.providerPaymentId).catch((error: unknown) => {
        this.logger.warn({ err: error, paymentId }, 'could not ask Stripe for the payment state');
        return null;
      });
      if (state === 'succeeded') await this.fulfil(paymentId, new Date(), correlationId);
      if (state === 'canceled') await this.close(paymentId, 'canceled', 'canceled at the provider');
      if (state === 'succeeded' || state === 'canceled') {
        payment = await this.prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
      }
    }
    return toPaymentDto(payment);
  }

  /**
   * The demo card form (local runs only): the test card decides. 4242… succeeds, 4000…0002 declines,
   * 4000 0025 0000 3155 first asks for authentication, then the buyer approves or fails it.
   */
  async confirmDemo(body: DemoConfirm, actor: Actor | null, correlationId: string | null): Promise<DemoConfirmReply> {
    const payment = await this.ownPayment(body.paymentId, actor, { allowAdmin: false });
    if (payment.provider !== 'demo' || this.provider.kind !== 'demo' || payment.clientSecret !== body.clientSecret) {
      throw paymentNotFound();
    }
    if (!isOpen(payment.status)) throw paymentNotPending();

    switch (body.cardNumber) {
      case DemoCards.succeeds:
        return this.demoSucceeded(payment.id, correlationId);
      case DemoCards.declines:
        await this.close(payment.id, 'failed', PaymentMessages.cardDeclined);
        return { status: 'failed', message: PaymentMessages.cardDeclined };
      case DemoCards.requiresAuthentication:
        if (body.authentication === 'approve' && payment.status === 'requires_action') {
          return this.demoSucceeded(payment.id, correlationId);
        }
        if (body.authentication === 'fail' && payment.status === 'requires_action') {
          await this.close(payment.id, 'failed', PaymentMessages.authenticationFailed);
          return { status: 'failed', message: PaymentMessages.authenticationFailed };
        }
        await this.prisma.payment.updateMany({
          where: { id: payment.id, status: 'pending' },
          data: { status: 'requires_action' },
        });
        return { status: 'requires_action', message: null };
      default:
        throw demoCardUnknown();
    }
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
      where: { id: paymentId, status: onlyOpen ? { in: [...OPEN] } : { not: 'succeeded' } },
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

  /**
   * Ends an open checkout for good. Its intent is cancelled at the provider first; only then is the
   * payment closed and its hold given back. An intent the provider says was paid is fulfilled instead.
   * When the provider cannot be asked or will not cancel, the payment stays open and keeps its hold
   * (the intent may still be paid); the next checkout or sweep tries again.
   */
  async endCheckout(payment: Payment, reason: string, correlationId: string | null): Promise<EndOutcome> {
    if (payment.provider !== this.provider.kind) {
      this.logger.warn({ paymentId: payment.id, provider: payment.provider }, 'open payment of another provider kept');
      return 'kept';
    }
    let outcome;
    try {
      outcome = await this.provider.cancelIntent(payment.providerPaymentId ?? (await this.intentIdOf(payment)));
    } catch (error) {
      this.logger.warn({ err: error, paymentId: payment.id, reason }, 'could not cancel the intent: the hold is kept');
      return 'kept';
    }
    if (outcome === 'succeeded') {
      await this.fulfil(payment.id, new Date(), correlationId);
      return 'paid';
    }
    await this.close(payment.id, 'canceled', reason);
    return 'released';
  }

  /** Failed or canceled, from an open state only (a late failure never undoes a success), and the hold released. */
  async close(paymentId: string, status: 'failed' | 'canceled', reason: string, db?: Db): Promise<boolean> {
    const run = async (tx: Db) => {
      const { count } = await tx.payment.updateMany({
        where: { id: paymentId, status: { in: [...OPEN] } },
        data: { status, failureReason: reason },
      });
      if (count === 0) return false;
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
      if (payment.discountCode) await this.codes.release(payment.discountCode, paymentId, tx);
      return true;
    };
    return db ? run(db) : this.prisma.$transaction(run);
  }

  /** Only while the row is open: a demo checkout that was closed (superseded, swept) is cancelled for good. */
  private async demoSucceeded(paymentId: string, correlationId: string | null): Promise<DemoConfirmReply> {
    if (!(await this.fulfil(paymentId, new Date(), correlationId, { onlyOpen: true }))) throw paymentNotPending();
    return { status: 'succeeded', message: null };
  }

  /** The payment row and the code's hold, in one transaction. */
  private recordCheckout(request: CreateRequest, actor: Actor, id: string): Promise<Payment> {
    return this.prisma.$transaction(async (tx) => {
      const discountPounds = request.discountCode
        ? await this.codes.reserve(request.discountCode, actor.userId, id, this.config.payments.holdMs, new Date(), tx)
        : undefined;
      const priced = this.catalog.quote(request, discountPounds);
      return tx.payment.create({
        data: {
          id,
          userId: actor.userId,
          buyerEmail: request.buyer?.email ?? null,
          buyerName: request.buyer?.name ?? null,
          subject: priced.subject,
          packageType: priced.packageType,
          packageName: priced.packageName,
          hours: priced.hours,
          currency: priced.currency,
          amountMinor: priced.amountMinor,
          originalAmountMinor: priced.originalAmountMinor,
          discountMinor: priced.discountMinor,
          discountCode: request.discountCode ?? null,
          provider: this.provider.kind,
        },
      });
    });
  }

  private async endOpenCheckouts(userId: number, correlationId: string | null): Promise<void> {
    const open = await this.prisma.payment.findMany({ where: { userId, status: { in: [...OPEN] } } });
    for (const payment of open) await this.endCheckout(payment, SUPERSEDED, correlationId);
  }

  /**
   * A payment whose provider call has not answered yet (or never did): asking again with the same
   * input and idempotency key returns the intent the first call made, or makes one nobody holds.
   */
  private async intentIdOf(payment: Payment): Promise<string> {
    const intent = await this.provider.createIntent(intentInput(payment));
    await this.prisma.payment.updateMany({
      where: { id: payment.id, providerPaymentId: null },
      data: { providerPaymentId: intent.providerPaymentId },
    });
    return intent.providerPaymentId;
  }

  private async ownPayment(paymentId: string, actor: Actor | null, { allowAdmin }: { allowAdmin: boolean }) {
    const signedIn = requireActor(actor);
    const payment = await this.prisma.payment.findUnique({ where: { id: paymentId } });
    const allowed = payment && (payment.userId === signedIn.userId || (allowAdmin && signedIn.role === 'admin'));
    if (!allowed) throw paymentNotFound();
    return payment;
  }
}

export const isOpen = (status: Payment['status']) => (OPEN as readonly string[]).includes(status);

/** The same input every time for one payment, so the provider's idempotency key always matches it. */
const intentInput = (payment: Payment): CreateIntentInput => ({
  paymentId: payment.id,
  userId: payment.userId,
  amountMinor: payment.amountMinor,
  currency: payment.currency as CurrencyCode,
  description: `${payment.subject}: ${payment.packageName}`,
});

export function toPaymentDto(payment: Payment): PaymentDto {
  const currency = payment.currency as CurrencyCode;
  return {
    paymentId: payment.id,
    status: payment.status,
    provider: payment.provider,
    subject: payment.subject as PaymentDto['subject'],
    packageName: payment.packageName,
    hours: payment.hours,
    currency,
    amount: payment.amountMinor,
    formattedPrice: formatMinor(payment.amountMinor, currency),
    discountCode: payment.discountCode,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
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
});

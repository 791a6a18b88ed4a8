import { Injectable } from '@nestjs/common';
import { EventTypes } from '@medtutor/contracts';
import { newEvent, writeOutbox } from '@medtutor/nest-kit';
import type { Payment, PaymentProviderKind, Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/prisma.service.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { type Decide, OPEN, type PaymentEvent, type Refusal } from './payment-states.js';
import type { ProviderSettlement } from './providers/payment-provider.js';

/** A transaction opened by `transaction`: services hand it on to the repositories, never query through it. */
export type Tx = Prisma.TransactionClient;

export type Applied =
  | { applied: true; before: Payment; payment: Payment }
  | { applied: false; refusal: Refusal | 'not_found'; payment: Payment | null };

/**
 * A transition decided on a row that changed meanwhile is decided again on the new row; each retry
 * follows another caller's committed change, and a payment has only a handful of them.
 */
const MAX_ATTEMPTS = 5;

/**
 * The payments table and the provider events already handled. Its one writer (issue 29): lifecycle
 * fields only through `apply` (a transition of `payment-states.ts`), the provider's identifiers and
 * settlement figures through the named methods. `payment-status-owner.spec.ts` fails if another file writes the lifecycle fields.
 */
@Injectable()
export class PaymentRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /**
   * Applies a transition inside the caller's transaction: a conditional update on the state it was
   * decided from (status, hold, refunded amount), so of two concurrent webhooks one wins and the
   * other decides again on what the winner wrote (PostgreSQL re-checks the WHERE on the locked row).
   * The transition's events go to the outbox in the same transaction.
   */
  async apply(tx: Db, current: Payment, decide: Decide, correlationId: string | null): Promise<Applied> {
    let payment = current;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const decision = decide(payment);
      if (!decision.ok) return { applied: false, refusal: decision.refusal, payment };
      const expected = {
        id: payment.id,
        status: payment.status,
        conflictAt: payment.conflictAt,
        refundedMinor: payment.refundedMinor,
      };
      const matched = Object.keys(decision.changes).length
        ? (await tx.payment.updateMany({ where: expected, data: decision.changes })).count
        : await tx.payment.count({ where: expected }); // events only (a dispute won): still on the state decided from
      if (matched === 1) {
        for (const event of decision.events) await writeOutbox(tx, envelope(event, correlationId));
        return {
          applied: true,
          before: payment,
          payment: await tx.payment.findUniqueOrThrow({ where: { id: payment.id } }),
        };
      }
      const latest = await tx.payment.findUnique({ where: { id: payment.id } });
      if (!latest) return { applied: false, refusal: 'not_found', payment: null };
      payment = latest;
    }
    throw new Error(`payment ${current.id} kept changing while a transition was applied`);
  }

  find(paymentId: string, db: Db = this.prisma): Promise<Payment | null> {
    return db.payment.findUnique({ where: { id: paymentId } });
  }

  findByIntent(db: Db, providerPaymentId: string): Promise<Payment | null> {
    return db.payment.findUnique({ where: { providerPaymentId } });
  }

  findByCharge(db: Db, providerChargeId: string): Promise<Payment | null> {
    return db.payment.findFirst({ where: { providerChargeId } });
  }

  /**
   * Checkouts still open that were started before `before`, oldest first; not those held for an admin
   * (Stripe reported them paid with other figures: PaymentWebhooksService).
   */
  abandoned(before: Date, take: number): Promise<Payment[]> {
    return this.prisma.payment.findMany({
      where: { status: { in: [...OPEN] }, createdAt: { lt: before }, conflictAt: null },
      orderBy: { createdAt: 'asc' },
      take,
    });
  }

  /** Paid payments of this provider still without a settlement figure, oldest first. */
  unsettled(provider: PaymentProviderKind, take: number): Promise<Payment[]> {
    return this.prisma.payment.findMany({
      where: { provider, status: 'succeeded', settlementAmountMinor: null },
      orderBy: { paidAt: 'asc' },
      take,
    });
  }

  /** Stripe payments made since `since`, and older ones whose intents are named. */
  stripePaymentsSince(since: Date, intentIds: string[]): Promise<Payment[]> {
    return this.prisma.payment.findMany({
      where: { provider: 'stripe', OR: [{ createdAt: { gte: since } }, { providerPaymentId: { in: intentIds } }] },
    });
  }

  /**
   * Records a provider event as handled, in the transaction that applies it: false when it was
   * recorded before (a redelivery, which then changes nothing).
   */
  async recordProviderEvent(tx: Db, event: { id: string; provider: string; type: string }): Promise<boolean> {
    const { count } = await tx.processedProviderEvent.createMany({
      data: [{ eventId: event.id, provider: event.provider, type: event.type }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** A buyer's checkouts still open. */
  findOpenOf(userId: number): Promise<Payment[]> {
    return this.prisma.payment.findMany({ where: { userId, status: { in: [...OPEN] } } });
  }

  /** Row lock on the payment until the transaction ends; null when there is no such payment. */
  async lock(tx: Db, paymentId: string): Promise<Payment | null> {
    const rows = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM payments WHERE id = ${paymentId}::uuid FOR UPDATE`;
    return rows.length ? tx.payment.findUniqueOrThrow({ where: { id: paymentId } }) : null;
  }

  /** A new checkout, pending (the schema's default status). */
  create(tx: Db, data: Omit<Prisma.PaymentUncheckedCreateInput, 'status'>): Promise<Payment> {
    return tx.payment.create({ data });
  }

  /** The provider's intent, once it answered. */
  async recordIntent(paymentId: string, intent: { providerPaymentId: string; clientSecret: string }): Promise<void> {
    await this.prisma.payment.update({
      where: { id: paymentId },
      data: { providerPaymentId: intent.providerPaymentId, clientSecret: intent.clientSecret },
    });
  }

  /** An intent asked for again (the first answer was lost): stored only if none was. */
  async recordIntentId(paymentId: string, providerPaymentId: string): Promise<void> {
    await this.prisma.payment.updateMany({
      where: { id: paymentId, providerPaymentId: null },
      data: { providerPaymentId },
    });
  }

  /** Stripe's charge behind the intent, learnt from a charge, refund or dispute event. */
  recordChargeId(tx: Db, paymentId: string, providerChargeId: string): Promise<Payment> {
    return tx.payment.update({ where: { id: paymentId }, data: { providerChargeId } });
  }

  /** The settlement, once: true when this call stored it. */
  async recordSettlement(paymentId: string, settlement: ProviderSettlement): Promise<boolean> {
    const { count } = await this.prisma.payment.updateMany({
      where: { id: paymentId, settlementAmountMinor: null },
      data: {
        settlementCurrency: settlement.currency,
        settlementAmountMinor: settlement.amountMinor,
        settlementExchangeRate: settlement.exchangeRate,
        ...(settlement.chargeId && { providerChargeId: settlement.chargeId }),
      },
    });
    return count > 0;
  }
}

/** Version 1 of each payment event, as the outbox carries it. */
function envelope(event: PaymentEvent, correlationId: string | null) {
  switch (event.type) {
    case EventTypes.paymentSucceeded:
      return newEvent(EventTypes.paymentSucceeded, 1, event.data, correlationId);
    case EventTypes.paymentRefunded:
      return newEvent(EventTypes.paymentRefunded, 1, event.data, correlationId);
    case EventTypes.paymentDisputed:
      return newEvent(EventTypes.paymentDisputed, 1, event.data, correlationId);
  }
}

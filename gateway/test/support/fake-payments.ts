import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, type MicroserviceOptions, NatsContext, Payload, Transport } from '@nestjs/microservices';
import {
  type AdminPayment,
  type AdminPaymentDetail,
  AdminPaymentIdSchema,
  type AdminPaymentsPage,
  AdminPaymentsQuerySchema,
  CreatePaymentIntentRequestSchema,
  type CurrencyCode,
  DemoConfirmBodySchema,
  type DemoConfirmReply,
  ErrorCodes,
  formatMinor,
  GetPaymentRequestSchema,
  type PaymentDto,
  type PaymentIntentDto,
  PaymentMessages,
  ProviderWebhookRequestSchema,
  quote,
  RefundMessages,
  RefundPaymentRequestSchema,
  type RevenueByWeekDto,
  RevenueByWeekRequestSchema,
  type RpcMeta,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import { DomainError, parseRequest, RpcErrorFilter } from '@medtutor/nest-kit';
import { testActorGuard } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import Stripe from 'stripe';
import type { ReceivedRequest } from './fake-services.js';

const FAKE = Symbol('FAKE_PAYMENTS');
export const FAKE_WEBHOOK_SECRET = 'whsec_gateway_tests';
const verifier = new Stripe('sk_test_gateway_tests');

/**
 * catalog-payments' payment subjects, in memory: enough to test the gateway's routes on their own.
 * The webhook handler verifies the signature like the real service, so a test proves the gateway
 * delivered the exact bytes.
 */
export class FakePayments {
  readonly received: ReceivedRequest[] = [];
  /** Set to make create_payment_intent fail with this error. */
  failWith: DomainError | null = null;
  /** Set to make refund_payment fail with this error (after finding the payment). */
  refundFailWith: DomainError | null = null;
  private readonly payments = new Map<string, { userId: number; dto: PaymentDto }>();
  private readonly adminPayments = new Map<string, AdminPaymentDetail>();

  lastRequest(subject: string): ReceivedRequest | undefined {
    return this.received.findLast((request) => request.subject === subject);
  }

  createPaymentIntent(payload: unknown): PaymentIntentDto {
    const { meta, data } = parseRequest(CreatePaymentIntentRequestSchema, payload);
    if (this.failWith) throw this.failWith;
    if (!meta.actor) throw new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
    const priced = quote(data);
    const paymentId = crypto.randomUUID();
    this.payments.set(paymentId, {
      userId: meta.actor.userId,
      dto: {
        paymentId,
        status: 'pending',
        provider: 'demo',
        subject: priced.subject,
        packageName: priced.packageName,
        hours: priced.hours,
        currency: priced.currency,
        amount: priced.amountMinor,
        formattedPrice: priced.formattedPrice,
        discountCode: null,
        createdAt: new Date().toISOString(),
        paidAt: null,
      },
    });
    return {
      paymentId,
      provider: 'demo',
      publishableKey: null,
      clientSecret: `demo_secret_${paymentId}`,
      subject: priced.subject,
      packageType: priced.packageType,
      packageName: priced.packageName,
      hours: priced.hours,
      currency: priced.currency,
      amount: priced.amountMinor,
      formattedPrice: priced.formattedPrice,
      originalPrice: formatMinor(priced.originalAmountMinor, priced.currency),
      discountApplied: false,
      discountCode: null,
      discountAmount: 0,
    };
  }

  getPayment(payload: unknown): PaymentDto {
    const { meta, data } = parseRequest(GetPaymentRequestSchema, payload);
    const found = this.payments.get(data.paymentId);
    if (!found || found.userId !== meta.actor?.userId) {
      throw new DomainError(ErrorCodes.notFound, ServerMessages.notFound);
    }
    return found.dto;
  }

  confirmDemo(payload: unknown): DemoConfirmReply {
    parseRequest(DemoConfirmBodySchema, payload);
    return { status: 'failed', message: PaymentMessages.cardDeclined };
  }

  /**
   * Weeks from Monday 5 January 2026, empty but the last, which holds a GBP payment refunded in part
   * and a USD one not yet settled: the gateway's tests look at the route and the reply's shape (net,
   * gross, refunded, settled GBP) passing through whole, not at the sums.
   */
  revenueByWeek(payload: unknown): RevenueByWeekDto {
    const { data } = parseRequest(RevenueByWeekRequestSchema, payload);
    const money = (currency: CurrencyCode, grossMinor: number, refundedMinor: number, payments: number) => ({
      currency,
      amountMinor: grossMinor - refundedMinor,
      formattedAmount: formatMinor(grossMinor - refundedMinor, currency),
      payments,
      grossMinor,
      refundedMinor,
    });
    const settled = (amountMinor: number, settledPayments: number, unsettledPayments: number) => ({
      currency: 'GBP' as const,
      amountMinor,
      formattedAmount: formatMinor(amountMinor, 'GBP'),
      settledPayments,
      unsettledPayments,
    });
    const totals = [money('GBP', 19_000, 7_600, 1), money('USD', 24_000, 0, 1)];
    const weeks = Array.from({ length: data.weeks }, (_, index) => {
      const last = index === data.weeks - 1;
      return {
        weekStarting: new Date(Date.UTC(2026, 0, 5 + 7 * index)).toISOString().slice(0, 10),
        payments: last ? 2 : 0,
        totals: last ? totals : [money('GBP', 0, 0, 0)],
        settledGbp: last ? settled(11_400, 1, 1) : settled(0, 0, 0),
      };
    });
    return { weeks, totals, settledGbp: settled(11_400, 1, 1) };
  }

  /** A paid Stripe payment for the admin routes: 5 hours for £190.00, nothing refunded yet. */
  addAdminPayment(overrides: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail {
    const paidAt = new Date('2026-01-06T10:00:00.000Z').toISOString();
    const payment: AdminPaymentDetail = {
      paymentId: crypto.randomUUID(),
      userId: 42,
      studentName: 'Sam Lee',
      studentEmail: 'sam@example.com',
      subject: 'Medical School Interviews',
      packageType: 'package5',
      packageName: '5-Session Package',
      hours: 5,
      currency: 'GBP',
      amount: 19_000,
      formattedAmount: formatMinor(19_000, 'GBP'),
      discountCode: null,
      status: 'succeeded',
      refundedAmount: 0,
      formattedRefundedAmount: formatMinor(0, 'GBP'),
      refundableAmount: 19_000,
      provider: 'stripe',
      providerReference: `pi_${crypto.randomUUID().replaceAll('-', '')}`,
      createdAt: paidAt,
      paidAt,
      failureReason: null,
      refunds: [],
      disputes: [],
      settlement: { currency: 'GBP', amount: 18_695, formattedAmount: formatMinor(18_695, 'GBP'), exchangeRate: null },
      ...overrides,
    };
    this.adminPayments.set(payment.paymentId, payment);
    return payment;
  }

  /** Filters by status and currency only: the gateway's tests look at what reaches the service. */
  listPayments(payload: unknown): AdminPaymentsPage {
    const { meta, data } = parseRequest(AdminPaymentsQuerySchema, payload);
    this.requireAdmin(meta);
    const matching = [...this.adminPayments.values()].filter(
      (payment) =>
        (!data.status || payment.status === data.status) && (!data.currency || payment.currency === data.currency),
    );
    const start = (data.page - 1) * data.pageSize;
    const items = matching
      .slice(start, start + data.pageSize)
      .map(({ failureReason: _f, refunds: _r, disputes: _d, settlement: _s, ...row }): AdminPayment => row);
    return { items, total: matching.length, page: data.page, pageSize: data.pageSize };
  }

  getAdminPayment(payload: unknown): AdminPaymentDetail {
    const { meta, data } = parseRequest(AdminPaymentIdSchema, payload);
    this.requireAdmin(meta);
    return this.adminPaymentOf(data.paymentId);
  }

  /** Refunds at once, like the demo provider: the amount defaults to what is left. */
  refundPayment(payload: unknown): AdminPaymentDetail {
    const { meta, data } = parseRequest(RefundPaymentRequestSchema, payload);
    const actor = this.requireAdmin(meta);
    const payment = this.adminPaymentOf(data.paymentId);
    if (this.refundFailWith) throw this.refundFailWith;
    const left = payment.refundableAmount;
    if (left === 0) throw new DomainError(ErrorCodes.refundNotAllowed, RefundMessages.nothingLeft);
    const amount = data.amount ?? left;
    // A valid request asking too much, as the service answers it: the admin fixes the amount.
    if (amount > left) {
      throw new DomainError(ErrorCodes.validationFailed, RefundMessages.tooLarge(formatMinor(left, payment.currency)));
    }
    const refundedAmount = payment.refundedAmount + amount;
    const refunded: AdminPaymentDetail = {
      ...payment,
      status: refundedAmount >= payment.amount ? 'refunded' : 'partially_refunded',
      refundedAmount,
      formattedRefundedAmount: formatMinor(refundedAmount, payment.currency),
      refundableAmount: left - amount,
      refunds: [
        ...payment.refunds,
        {
          id: crypto.randomUUID(),
          providerRefundId: `re_${crypto.randomUUID().replaceAll('-', '')}`,
          amount,
          formattedAmount: formatMinor(amount, payment.currency),
          status: 'succeeded',
          reason: data.reason,
          requestedBy: actor.userId,
          createdAt: new Date().toISOString(),
        },
      ],
    };
    this.adminPayments.set(payment.paymentId, refunded);
    return refunded;
  }

  private adminPaymentOf(paymentId: string): AdminPaymentDetail {
    const payment = this.adminPayments.get(paymentId);
    if (!payment) throw new DomainError(ErrorCodes.notFound, RefundMessages.paymentNotFound);
    return payment;
  }

  /** The service enforces the role itself, whatever the gateway checked. */
  private requireAdmin(meta: RpcMeta): NonNullable<RpcMeta['actor']> {
    if (!meta.actor) throw new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
    if (meta.actor.role !== 'admin') throw new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
    return meta.actor;
  }

  handleWebhook(payload: unknown): { received: true } {
    const { data } = parseRequest(ProviderWebhookRequestSchema, payload);
    try {
      verifier.webhooks.constructEvent(data.rawBody, data.signature, FAKE_WEBHOOK_SECRET);
    } catch {
      throw new DomainError(ErrorCodes.webhookSignatureInvalid, PaymentMessages.webhookSignatureInvalid);
    }
    return { received: true };
  }
}

@Controller()
class FakePaymentsController {
  constructor(@Inject(FAKE) private readonly fake: FakePayments) {}

  @MessagePattern(Subjects.catalogPayments.createPaymentIntent)
  create(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.createPaymentIntent(payload));
  }

  @MessagePattern(Subjects.catalogPayments.getPayment)
  get(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.getPayment(payload));
  }

  @MessagePattern(Subjects.catalogPayments.confirmDemoPayment)
  confirm(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.confirmDemo(payload));
  }

  @MessagePattern(Subjects.catalogPayments.revenueByWeek)
  revenue(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.revenueByWeek(payload));
  }

  @MessagePattern(Subjects.catalogPayments.listPayments)
  listPayments(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.listPayments(payload));
  }

  @MessagePattern(Subjects.catalogPayments.getAdminPayment)
  getAdminPayment(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.getAdminPayment(payload));
  }

  @MessagePattern(Subjects.catalogPayments.refundPayment)
  refundPayment(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.refundPayment(payload));
  }

  @MessagePattern(Subjects.catalogPayments.handleProviderWebhook)
  webhook(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.handleWebhook(payload));
  }

  private answer<T>(ctx: NatsContext, payload: unknown, handle: () => T): T {
    const { meta, data } = payload as { meta: RpcMeta; data: unknown };
    this.fake.received.push({ subject: ctx.getSubject(), meta, data });
    return handle();
  }
}

@Module({})
class FakePaymentsModule {
  static with(fake: FakePayments): DynamicModule {
    return {
      module: FakePaymentsModule,
      controllers: [FakePaymentsController],
      providers: [{ provide: FAKE, useValue: fake }],
    };
  }
}

/** Starts the fake next to the test gateway's other fakes, on the same NATS. */
export async function startFakePayments(natsUrl: string): Promise<{ fake: FakePayments; stop: () => Promise<void> }> {
  const fake = new FakePayments();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(FakePaymentsModule.with(fake), {
    transport: Transport.NATS,
    options: { servers: [natsUrl], queue: 'fake-payments' },
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
  app.useGlobalGuards(testActorGuard());
  await app.listen();
  return { fake, stop: () => app.close() };
}

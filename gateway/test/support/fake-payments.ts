import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, type MicroserviceOptions, NatsContext, Payload, Transport } from '@nestjs/microservices';
import {
  CreatePaymentIntentRequestSchema,
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
  private readonly payments = new Map<string, { userId: number; dto: PaymentDto }>();

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

  /** Zero weeks from Monday 5 January 2026: the gateway's tests look at the route, not the sums. */
  revenueByWeek(payload: unknown): RevenueByWeekDto {
    const { data } = parseRequest(RevenueByWeekRequestSchema, payload);
    const zero = { currency: 'GBP', amountMinor: 0, formattedAmount: formatMinor(0, 'GBP'), payments: 0 } as const;
    const weeks = Array.from({ length: data.weeks }, (_, index) => ({
      weekStarting: new Date(Date.UTC(2026, 0, 5 + 7 * index)).toISOString().slice(0, 10),
      payments: 0,
      totals: [zero],
    }));
    return { weeks, totals: [zero] };
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

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type CreatePaymentIntentRequestSchema,
  type CurrencyCode,
  ErrorCodes,
  formatMinor,
  type PaymentIntentDto,
} from '@medtutor/contracts';
import { DomainError, requireRole } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import type { Payment } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { CatalogService } from '../catalog/catalog.service.js';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { providerUnavailable } from './payments.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { intentInput } from './payment.mapping.js';
import { SUPERSEDED } from './payment-states.js';
import { PaymentRepository } from './payment.repository.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentEligibility } from '../student-consents/payment-eligibility.js';

type CreateRequest = z.output<typeof CreatePaymentIntentRequestSchema>;

/** A buyer's checkout: the payment recorded with its code's hold, then the provider's intent. */
@Injectable()
export class CheckoutService {
  private readonly logger: Logger;

  constructor(
    private readonly payments: PaymentRepository,
    private readonly catalog: CatalogService,
    private readonly codes: DiscountCodesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CATALOG_PAYMENTS_CONFIG) private readonly config: CatalogPaymentsConfig,
    private readonly ending: CheckoutEndingService,
    private readonly eligibility: PaymentEligibility,
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
    await this.eligibility.requireMayPay(buyer); // issue 26: under 18 needs a guardian's consent
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
      await this.ending.close(id, 'failed', 'payment provider unavailable');
      throw providerUnavailable();
    }
    await this.payments.recordIntent(id, intent);
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

  /** The payment row and the code's hold, in one transaction. */
  private recordCheckout(request: CreateRequest, actor: Actor, id: string): Promise<Payment> {
    return this.payments.transaction(async (tx) => {
      const discountPounds = request.discountCode
        ? await this.codes.reserve(request.discountCode, actor.userId, id, this.config.payments.holdMs, new Date(), tx)
        : undefined;
      const priced = this.catalog.quote(request, discountPounds);
      return this.payments.create(tx, {
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
      });
    });
  }

  private async endOpenCheckouts(userId: number, correlationId: string | null): Promise<void> {
    const open = await this.payments.findOpenOf(userId);
    for (const payment of open) await this.ending.endCheckout(payment, SUPERSEDED, correlationId);
  }
}

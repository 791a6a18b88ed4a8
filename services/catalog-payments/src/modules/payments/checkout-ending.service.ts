import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Payment } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { intentInput } from './payment.mapping.js';
import { type ABANDONED, cancel, type EndOutcome, fail, type SUPERSEDED } from './payment-states.js';
import { PaymentRepository, type Tx } from './payment.repository.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';

/** Ends open checkouts: the intent cancelled at the provider first, then the payment closed and its hold given back. */
@Injectable()
export class CheckoutEndingService {
  private readonly logger: Logger;

  constructor(
    private readonly payments: PaymentRepository,
    private readonly codes: DiscountCodesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: PaymentFulfilmentService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payments' });
  }

  /**
   * Ends an open checkout for good. Its intent is cancelled at the provider first; only then is the
   * payment closed and its hold given back. An intent the provider says was paid is fulfilled instead.
   * When the provider cannot be asked or will not cancel, the payment stays open and keeps its hold
   * (the intent may still be paid); the next checkout or sweep tries again.
   */
  async endCheckout(
    payment: Payment,
    reason: typeof SUPERSEDED | typeof ABANDONED,
    correlationId: string | null,
  ): Promise<EndOutcome> {
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
      await this.fulfilment.fulfil(payment.id, new Date(), correlationId);
      return 'paid';
    }
    await this.close(payment.id, 'canceled', reason);
    return 'released';
  }

  /** Failed or canceled (`fail`, `cancel`: from an open state only), and the hold released. */
  async close(paymentId: string, status: 'failed' | 'canceled', reason: string, db?: Tx): Promise<boolean> {
    const run = async (tx: Tx) => {
      const current = await this.payments.find(paymentId, tx);
      if (!current) return false;
      const closed = await this.payments.apply(
        tx,
        current,
        (payment) => (status === 'failed' ? fail(payment, reason) : cancel(payment, reason)),
        null,
      );
      if (!closed.applied) return false;
      if (closed.payment.discountCode) await this.codes.release(closed.payment.discountCode, paymentId, tx);
      return true;
    };
    return db ? run(db) : this.payments.transaction(run);
  }

  /**
   * A payment whose provider call has not answered yet (or never did): asking again with the same
   * input and idempotency key returns the intent the first call made, or makes one nobody holds.
   */
  private async intentIdOf(payment: Payment): Promise<string> {
    const intent = await this.provider.createIntent(intentInput(payment));
    await this.payments.recordIntentId(payment.id, intent.providerPaymentId);
    return intent.providerPaymentId;
  }
}

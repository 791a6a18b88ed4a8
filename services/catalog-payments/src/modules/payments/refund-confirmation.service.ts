import { Inject, Injectable } from '@nestjs/common';
import type { CurrencyCode } from '@medtutor/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '@medtutor/nest-kit';
import { MoneyBackRepository } from './money-back.repository.js';
import { MoneyBackService } from './money-back.service.js';
import { PaymentRepository } from './payment.repository.js';
import {
  type CreateRefundInput,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  ProviderOutcomeUnknownError,
  type ProviderRefund,
} from './providers/payment-provider.js';

/** One of our refund rows, still pending without Stripe's id: what asking Stripe about it needs. */
export interface RefundToConfirm {
  refundId: string;
  paymentId: string;
  providerPaymentId: string;
  amountMinor: number;
  currency: CurrencyCode;
  reason: string | null;
}

/**
 * Where a refund stands after asking: Stripe's answer recorded (whatever it said), refused (nothing
 * was made: the row is failed and a new refund is safe), or still unknown (the row stays pending and
 * keeps holding its amount back; the sweeper asks again).
 */
export type RefundAttempt = 'recorded' | 'refused' | 'unconfirmed';

/**
 * Asks the provider for an admin's refund and records what it did (issue 24). A refund whose answer
 * never came (a timeout after Stripe made it, a lost connection, a 5xx) is never marked failed on
 * that alone: Stripe's own list of the intent's refunds is read first (our refund id is in each one's
 * metadata), then the same call is made again under the SAME idempotency key (`refund-<refund id>`),
 * which returns the refund Stripe made or makes the one it did not, never a second one. Only a clear
 * no from Stripe fails the row.
 */
@Injectable()
export class RefundConfirmationService {
  private readonly logger: Logger;

  constructor(
    private readonly moneyBack: MoneyBackService,
    private readonly moneyBackRows: MoneyBackRepository,
    private readonly payments: PaymentRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'refunds' });
  }

  /** The first ask, right after the pending row was written. */
  async send(refund: RefundToConfirm, correlationId: string | null): Promise<RefundAttempt> {
    let answer: ProviderRefund;
    try {
      answer = await this.provider.createRefund(input(refund));
    } catch (error) {
      if (!(error instanceof ProviderOutcomeUnknownError)) return this.fail(refund, error);
      this.logger.warn(
        { err: error, paymentId: refund.paymentId, refundId: refund.refundId },
        'no clear answer to the refund: asking Stripe what it did',
      );
      return this.confirm(refund, correlationId);
    }
    await this.record(refund, answer, correlationId);
    return 'recorded';
  }

  /**
   * Finds out what became of a refund whose answer was lost: Stripe's list first, else the same call
   * under the same key. `giveUpUnseen` (the sweeper, long after the request, when nothing can still be
   * in flight): when Stripe's list answered without it and the same-key call still gets no clear
   * answer, Stripe made nothing, and the row is failed so the admin may refund again.
   */
  async confirm(refund: RefundToConfirm, correlationId: string | null, giveUpUnseen = false): Promise<RefundAttempt> {
    let seen: ProviderRefund | null = null;
    let listed = false;
    try {
      seen = await this.provider.findRefund(refund.providerPaymentId, refund.refundId);
      listed = true;
    } catch (error) {
      this.logger.warn({ err: error, refundId: refund.refundId }, "could not read Stripe's refunds of the payment");
    }
    if (!seen) {
      try {
        seen = await this.provider.createRefund(input(refund)); // same refund id: same idempotency key
      } catch (error) {
        if (!(error instanceof ProviderOutcomeUnknownError) || (listed && giveUpUnseen)) {
          return this.fail(refund, error);
        }
        this.logger.warn(
          { err: error, paymentId: refund.paymentId, refundId: refund.refundId },
          'refund still unconfirmed: it stays pending and is asked about again',
        );
        return 'unconfirmed';
      }
    }
    await this.record(refund, seen, correlationId);
    return 'recorded';
  }

  /** Stripe's answer, through the same path as its webhooks (which may already have told us). */
  private async record(refund: RefundToConfirm, answer: ProviderRefund, correlationId: string | null): Promise<void> {
    this.logger.info(
      {
        paymentId: refund.paymentId,
        refundId: refund.refundId,
        amountMinor: refund.amountMinor,
        status: answer.status,
      },
      'refund answered',
    );
    const outcome = await this.payments.transaction(async (tx) => {
      const locked = await this.payments.lock(tx, refund.paymentId);
      if (!locked) return { changed: false };
      await this.moneyBack.recordRefund(tx, locked, {
        providerRefundId: answer.providerRefundId,
        refundId: refund.refundId,
        amountMinor: refund.amountMinor,
        status: answer.status,
        reason: refund.reason,
        settlementAmountMinor: answer.settlementAmountMinor,
      });
      return this.moneyBack.applyRefunded(tx, locked, new Date(), correlationId);
    });
    this.moneyBack.wake(outcome);
  }

  /** Stripe said no: nothing was made. Only a row no answer has reached yet (a webhook may have told us better). */
  private async fail(refund: RefundToConfirm, error: unknown): Promise<RefundAttempt> {
    this.logger.error(
      { err: error, paymentId: refund.paymentId, refundId: refund.refundId },
      'the payment provider refused the refund',
    );
    await this.moneyBackRows.failUnanswered(refund.refundId);
    return 'refused';
  }
}

const input = (refund: RefundToConfirm): CreateRefundInput => ({
  refundId: refund.refundId,
  paymentId: refund.paymentId,
  providerPaymentId: refund.providerPaymentId,
  amountMinor: refund.amountMinor,
  currency: refund.currency,
});

import { type CurrencyCode, formatMinor, type PaymentDto } from '@medtutor/contracts';
import type { Payment } from '../../generated/prisma/client.js';
import type { CreateIntentInput } from './providers/payment-provider.js';

/** The same input every time for one payment, so the provider's idempotency key always matches it. */
export const intentInput = (payment: Payment): CreateIntentInput => ({
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

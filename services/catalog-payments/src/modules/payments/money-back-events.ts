import type { CurrencyCode, PaymentDisputedV1, PaymentRefundedV1 } from '@medtutor/contracts';
import type { Payment } from '../../generated/prisma/client.js';
import type { ReportedDispute } from './providers/provider-events.js';

const purchaseFacts = (payment: Payment) => ({
  paymentId: payment.id,
  userId: payment.userId,
  buyerEmail: payment.buyerEmail,
  buyerName: payment.buyerName,
  subject: payment.subject as PaymentRefundedV1['subject'],
  packageName: payment.packageName,
  hours: payment.hours,
  currency: payment.currency as CurrencyCode,
  amount: payment.amountMinor,
});

export const refundedEvent = (
  payment: Payment,
  refundedAmount: number,
  fullyRefunded: boolean,
  reason: string | null,
  at: Date,
): PaymentRefundedV1 => ({
  ...purchaseFacts(payment),
  refundedAmount,
  fullyRefunded,
  reason,
  refundedAt: at.toISOString(),
});

export const disputedEvent = (payment: Payment, dispute: ReportedDispute): PaymentDisputedV1 => ({
  ...purchaseFacts(payment),
  disputeId: dispute.id,
  status: dispute.status,
  disputedAmount: dispute.amountMinor,
  reason: dispute.reason,
  at: (dispute.status === 'open' ? dispute.openedAt : dispute.at).toISOString(),
});

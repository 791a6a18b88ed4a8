import {
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentStatus,
  type CurrencyCode,
  CurrencyCodes,
  formatMinor,
} from '@medtutor/contracts';
import type { Payment, PaymentDispute, Refund } from '../../generated/prisma/client.js';

/** A payment loaded with its refunds and disputes. */
export type PaymentWithMoneyBack = Payment & { refunds: Refund[]; disputes: PaymentDispute[] };

/** The same mapping as STATUS_SQL in admin-payments.repository.ts, for one loaded payment. */
export function adminStatus(payment: PaymentWithMoneyBack): AdminPaymentStatus {
  if (payment.status === 'pending' || payment.status === 'requires_action') return 'pending';
  if (payment.status === 'failed' || payment.status === 'canceled') return payment.status;
  if (payment.disputes.some((dispute) => dispute.status === 'open')) return 'disputed';
  if (payment.refundedMinor >= payment.amountMinor || payment.disputes.some((dispute) => dispute.status === 'lost')) {
    return 'refunded';
  }
  return payment.refundedMinor > 0 ? 'partially_refunded' : 'succeeded';
}

export function toAdminPayment(payment: PaymentWithMoneyBack): AdminPayment {
  const currency = payment.currency as CurrencyCode;
  const status = adminStatus(payment);
  const pending = payment.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  const refundable =
    status === 'succeeded' || status === 'partially_refunded'
      ? Math.max(0, payment.amountMinor - payment.refundedMinor - pending)
      : 0;
  return {
    paymentId: payment.id,
    userId: payment.userId,
    studentName: payment.buyerName,
    studentEmail: payment.buyerEmail,
    subject: payment.subject as AdminPayment['subject'],
    packageType: payment.packageType as AdminPayment['packageType'],
    packageName: payment.packageName,
    hours: payment.hours,
    currency,
    amount: payment.amountMinor,
    formattedAmount: formatMinor(payment.amountMinor, currency),
    discountCode: payment.discountCode,
    status,
    refundedAmount: payment.refundedMinor,
    formattedRefundedAmount: formatMinor(payment.refundedMinor, currency),
    refundableAmount: refundable,
    provider: payment.provider,
    providerReference: payment.providerPaymentId,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

export function toAdminPaymentDetail(payment: PaymentWithMoneyBack): AdminPaymentDetail {
  const currency = payment.currency as CurrencyCode;
  const settlementCurrency = CurrencyCodes.find((code) => code === payment.settlementCurrency);
  return {
    ...toAdminPayment(payment),
    failureReason: payment.failureReason,
    refunds: payment.refunds.map((refund) => ({
      id: refund.id,
      providerRefundId: refund.providerRefundId,
      amount: refund.amountMinor,
      formattedAmount: formatMinor(refund.amountMinor, currency),
      status: refund.status,
      reason: refund.reason,
      requestedBy: refund.requestedBy,
      createdAt: refund.createdAt.toISOString(),
    })),
    disputes: payment.disputes.map((dispute) => ({
      id: dispute.id,
      status: dispute.status,
      amount: dispute.amountMinor,
      formattedAmount: formatMinor(dispute.amountMinor, currency),
      reason: dispute.reason,
      openedAt: dispute.openedAt.toISOString(),
      closedAt: dispute.closedAt?.toISOString() ?? null,
    })),
    settlement:
      settlementCurrency && payment.settlementAmountMinor !== null
        ? {
            currency: settlementCurrency,
            amount: payment.settlementAmountMinor,
            formattedAmount: formatMinor(payment.settlementAmountMinor, settlementCurrency),
            exchangeRate: payment.settlementExchangeRate === null ? null : Number(payment.settlementExchangeRate),
          }
        : null,
  };
}

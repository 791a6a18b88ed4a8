import { type AdminPayment, formatMinor, RefundBodySchema, RefundMessages } from '@medtutor/contracts';
import { z } from 'zod';
import { toMinorUnits } from './money';

/** The refund form as the admin fills it: the amount in the major unit (blank: all that is left). */
export interface RefundFormValues {
  amount?: string | null;
  reason?: string;
}

/**
 * The contract's RefundBodySchema over the form's values, with the typed amount converted to minor
 * units first, plus the ceiling the server applies too (what is left), so the admin reads the same
 * words before sending as after.
 */
export const refundFormSchema = (payment: Pick<AdminPayment, 'currency' | 'refundableAmount'>) =>
  z.preprocess(
    (values) => {
      const form = (values ?? {}) as RefundFormValues;
      return { reason: form.reason, amount: toMinorUnits(form.amount, payment.currency) };
    },
    // On the field, not the object: an object's refinement waits for the reason to be valid too.
    RefundBodySchema.extend({
      amount: RefundBodySchema.shape.amount.refine(
        (amount) => amount === undefined || amount <= payment.refundableAmount,
        RefundMessages.tooLarge(formatMinor(payment.refundableAmount, payment.currency)),
      ),
    }),
  );

/**
 * Why nothing can be refunded, in the server's words: an open dispute, a payment refunded in full,
 * or one never paid. Null when something can be.
 */
export function notRefundableReason(payment: Pick<AdminPayment, 'status' | 'refundableAmount'>): string | null {
  if (payment.refundableAmount > 0) return null;
  if (payment.status === 'disputed') return RefundMessages.disputeOpen;
  if (payment.status === 'refunded') return RefundMessages.nothingLeft;
  return RefundMessages.notRefundable;
}

import { type CurrencyCode, formatMinor } from '@medtutor/contracts';
import { detailsEmail, type MailMessage } from '@medtutor/nest-kit';

export interface RefundEmailFields {
  id: string;
  buyerEmail: string;
  buyerName: string | null;
  packageName: string;
  currency: string;
  amountMinor: number;
  /** What this refund gave back, minor unit. */
  refundedNowMinor: number;
  /** Everything given back on the payment so far, this refund included. */
  refundedTotalMinor: number;
  reason: string | null;
  refundedAt: Date;
}

/** The policy pages' promise, repeated where the buyer will look for it. */
const ARRIVAL = 'The money should reach your card within 5–7 business days.';

/**
 * The buyer's refund confirmation: the amount given back and what remains, in the currency charged
 * (never converted: the card statement shows that currency).
 */
export function refundEmail(refund: RefundEmailFields): MailMessage {
  const currency = refund.currency as CurrencyCode;
  const now = formatMinor(refund.refundedNowMinor, currency);
  const left = refund.amountMinor - refund.refundedTotalMinor;
  const rows: Array<[string, string]> = [
    ['Package', refund.packageName],
    ['Amount paid', formatMinor(refund.amountMinor, currency)],
    ['Refunded now', now],
    ['Currency', currency],
    ...(left > 0
      ? ([
          ['Refunded in total', formatMinor(refund.refundedTotalMinor, currency)],
          ['Remaining payment', formatMinor(left, currency)],
        ] as Array<[string, string]>)
      : []),
    ...(refund.reason ? ([['Reason', refund.reason]] as Array<[string, string]>) : []),
    ['Date', refund.refundedAt.toISOString().slice(0, 10)],
    ['Reference', refund.id],
  ];
  const greeting = refund.buyerName ? `Hello ${refund.buyerName},` : 'Hello,';
  const intro =
    left > 0
      ? `We have refunded ${now} of your payment for ${refund.packageName}. ${ARRIVAL}`
      : `We have refunded your payment for ${refund.packageName} in full (${now} now). ${ARRIVAL}`;
  return detailsEmail({
    to: refund.buyerEmail,
    subject: `Your refund: ${refund.packageName}, ${now}`,
    greeting,
    intro,
    rows,
  });
}

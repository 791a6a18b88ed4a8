import { type CurrencyCode, formatMinor } from '@medtutor/contracts';
import { detailsEmail, type MailMessage } from '@medtutor/nest-kit';

export interface ReceiptFields {
  id: string;
  buyerEmail: string;
  buyerName: string | null;
  subject: string;
  packageName: string;
  hours: number;
  currency: string;
  amountMinor: number;
  originalAmountMinor: number;
  discountCode: string | null;
  paidAt: Date;
}

/** The buyer's receipt: what was bought, what was paid (and the discount), and the reference. */
export function receiptEmail(payment: ReceiptFields): MailMessage {
  const currency = payment.currency as CurrencyCode;
  const paid = formatMinor(payment.amountMinor, currency);
  const hours = `${payment.hours} ${payment.hours === 1 ? 'hour' : 'hours'}`;
  const rows: Array<[string, string]> = [
    ['Subject', payment.subject],
    ['Package', `${payment.packageName} (${hours})`],
    ...(payment.discountCode
      ? ([
          ['Price', formatMinor(payment.originalAmountMinor, currency)],
          ['Discount code', payment.discountCode],
        ] as Array<[string, string]>)
      : []),
    // As charged: the card statement shows this currency, so the receipt never converts it.
    ['Amount paid', paid],
    ['Currency', currency],
    ['Date', payment.paidAt.toISOString().slice(0, 10)],
    ['Reference', payment.id],
  ];
  const greeting = payment.buyerName ? `Hello ${payment.buyerName},` : 'Hello,';
  const intro = `Thank you for your purchase. ${hours} of tutoring ${payment.hours === 1 ? 'has' : 'have'} been added to your dashboard, ready to book.`;
  return detailsEmail({
    to: payment.buyerEmail,
    subject: `Your receipt: ${payment.packageName}, ${paid}`,
    greeting,
    intro,
    rows,
  });
}

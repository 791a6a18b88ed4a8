import {
  type DisputeStatus,
  formatMinor,
  PackageHoldMessages,
  type PaymentDisputedV1,
  type PaymentRefundedV1,
} from '@medtutor/contracts';
import { htmlPage, type MailMessage } from '@medtutor/nest-kit';
import type { HoursPackage } from '../../generated/prisma/client.js';
import { decimalHours } from '../shared/hours.js';

/** '1 hour', '2.5 hours'. */
export const hoursText = (hours: number): string => (hours === 1 ? '1 hour' : `${hours} hours`);

/** The package as the student's email describes it after the change. */
export interface PackageAfter {
  packageName: string;
  subject: string;
  totalHours: number;
  usedHours: number;
  overdrawnHours: number;
}

const SIGNATURE = 'MedPath Tutors';

const greeting = (name: string | null): string => (name?.trim() ? `Hello ${name.trim()},` : 'Hello,');

const hoursLeft = (after: PackageAfter): string => {
  const left = Math.max(after.totalHours - after.usedHours, 0);
  return `You have ${hoursText(left)} left to use on this package (${after.usedHours} of ${after.totalHours} used).`;
};

const paid = (event: PaymentRefundedV1 | PaymentDisputedV1): string => formatMinor(event.amount, event.currency);

const message = (to: string, subject: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: htmlPage(lines),
});

/** The student's email when a refund took hours back (or took none more, when the share stayed the same). */
export function refundEmail(to: string, event: PaymentRefundedV1, takenBack: number, after: PackageAfter): MailMessage {
  const refunded = formatMinor(event.refundedAmount, event.currency);
  const lines = [
    greeting(event.buyerName),
    event.fullyRefunded
      ? `Your payment of ${paid(event)} for the ${after.packageName} (${after.subject}) has been refunded in full.`
      : `${refunded} of your payment of ${paid(event)} for the ${after.packageName} (${after.subject}) has been refunded.`,
    ...(event.reason ? [`Reason: ${event.reason}`] : []),
    takenBack > 0
      ? `${hoursText(takenBack)} ${takenBack === 1 ? 'was' : 'were'} taken back from the package, in proportion to the refund.`
      : 'No further hours were taken back from the package.',
    hoursLeft(after),
    ...(after.overdrawnHours > 0 ? [PackageHoldMessages.overdrawn] : []),
    'A refund usually reaches your account within 5–7 business days.',
    SIGNATURE,
  ];
  return message(to, `Refund for your ${after.packageName}`, lines);
}

const disputeSubjects: Record<DisputeStatus, (packageName: string) => string> = {
  open: (packageName) => `Your ${packageName} is on hold`,
  won: (packageName) => `Your ${packageName}: payment dispute closed`,
  lost: (packageName) => `Your ${packageName}: payment returned after a dispute`,
};

/** The student's email when a dispute of their payment opened or closed. */
export function disputeEmail(
  to: string,
  event: PaymentDisputedV1,
  after: PackageAfter & { frozen: boolean },
): MailMessage {
  const about = `your payment of ${paid(event)} for the ${after.packageName} (${after.subject})`;
  const body: Record<DisputeStatus, string[]> = {
    open: [
      `A dispute (chargeback) was opened with your card issuer about ${about}.`,
      `${PackageHoldMessages.frozenByDispute}: no session can be booked or logged until it is resolved.`,
      hoursLeft(after),
    ],
    won: [
      `The dispute about ${about} was closed and the payment stands.`,
      after.frozen
        ? 'Another dispute about this payment is still open, so the package stays on hold.'
        : 'The hold on your package is lifted: you can book sessions again.',
      hoursLeft(after),
    ],
    lost: [
      `The dispute about ${about} was closed and the payment was returned to you.`,
      'The hours the payment bought are taken back from the package; a separate email confirms the hours left.',
    ],
  };
  return message(to, disputeSubjects[event.status](after.packageName), [
    greeting(event.buyerName),
    ...body[event.status],
    SIGNATURE,
  ]);
}

export interface OverdrawnDetails {
  packageId: number;
  event: PaymentRefundedV1;
  originalHours: number;
  usedHours: number;
  totalHours: number;
  overdrawnHours: number;
}

/** The team's alert: a refund wanted back hours the student had already used. */
export function overdrawnAlertEmail(to: string, details: OverdrawnDetails): MailMessage {
  const { event } = details;
  const lines = [
    `A refund wanted back hours that package #${details.packageId} had already used: it is overdrawn by ${hoursText(details.overdrawnHours)}. Please settle it with the student.`,
    [
      `Student: ${event.buyerName ?? 'name not recorded'} <${event.buyerEmail ?? 'no email recorded'}> (user #${event.userId})`,
      `Package: ${event.packageName} (${event.subject}), #${details.packageId}`,
      `Payment: ${event.paymentId}`,
      `Refunded: ${formatMinor(event.refundedAmount, event.currency)} of ${paid(event)}${event.fullyRefunded ? ' (in full)' : ''}`,
      `Hours bought: ${details.originalHours}; used: ${details.usedHours}; total now: ${details.totalHours}; overdrawn: ${details.overdrawnHours}`,
    ].join('\n'),
    ...(event.reason ? [`Refund reason: ${event.reason}`] : []),
  ];
  return message(to, `Package #${details.packageId} overdrawn after a refund`, lines);
}

/** A package row in the emails' terms. */
export const packageAfter = (row: HoursPackage): PackageAfter => ({
  packageName: row.packageName,
  subject: row.subject,
  totalHours: decimalHours(row.totalHours),
  usedHours: decimalHours(row.usedHours),
  overdrawnHours: decimalHours(row.overdrawnHours),
});

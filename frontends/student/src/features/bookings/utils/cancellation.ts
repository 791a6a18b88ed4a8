import { BookingRules } from '@medtutor/contracts';

const HOUR_MS = 3_600_000;
const { freeCancellationHours: FREE } = BookingRules;

/** The policy as the terms page words it (docs/product.md "Policies the site states"). */
export const cancellationRule =
  `Cancellation is free with ${FREE} hours or more notice: the hours return to your package. ` +
  `With less than ${FREE} hours' notice the full fee is due and the hours are used.`;

export type CancellationOutcome = 'returned' | 'used';

/** What a student's cancellation made at `now` does to the hours: the server applies the same rule. */
export const cancellationOutcome = (start: string, now: Date): CancellationOutcome =>
  Date.parse(start) - now.getTime() >= FREE * HOUR_MS ? 'returned' : 'used';

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** Which side of the rule this cancellation falls on, said with the booking's own hours. */
export function cancellationNotice(booking: { preferredDateTime: string; duration: number }, now: Date): string {
  const hours = hoursText(booking.duration / 60);
  return cancellationOutcome(booking.preferredDateTime, now) === 'returned'
    ? `This session starts in ${FREE} hours or more, so its ${hours} will return to your package.`
    : `This session starts in less than ${FREE} hours, so its ${hours} will be used.`;
}

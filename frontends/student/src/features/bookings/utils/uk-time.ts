import { BookingTimeZone } from '@medtutor/contracts';

/**
 * Dates and times as the business keeps them: in UK time (Europe/London), whatever zone the
 * student's device is in, so a slot reads the same on the dashboard, in the email and to the tutor.
 */

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BookingTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BookingTimeZone, hour: '2-digit', minute: '2-digit' });
const zoneFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BookingTimeZone, timeZoneName: 'short' });
// A day key names a calendar date: it is drawn at noon UTC, which is that date in every zone we meet.
const dayLabelFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const dateLabelFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BookingTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const DAY_MS = 86_400_000;

/** The UK calendar date of an instant, as YYYY-MM-DD. */
export const ukDayKey = (instant: string | Date): string => dayKeyFormat.format(new Date(instant));

/** "09:30", in UK time. */
export const ukTime = (instant: string | Date): string => timeFormat.format(new Date(instant));

/** "GMT" in winter, "BST" in summer. */
export const ukZoneName = (instant: string | Date): string =>
  zoneFormat.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? 'UK time';

// en-GB writes "Sunday, 28 March 2027" with a year, "Sunday 28 March" without: one style for both.
const withoutComma = (text: string) => text.replace(',', '');

/** "Sunday 28 March" for a day key. */
export const dayLabel = (dayKey: string): string =>
  withoutComma(dayLabelFormat.format(new Date(`${dayKey}T12:00:00Z`)));

/** "Tuesday 2 March 2027", the UK date of an instant. */
export const ukDateLabel = (instant: string | Date): string => withoutComma(dateLabelFormat.format(new Date(instant)));

/** Every UK date from the one of `first` to the one of `last`, both included. */
export function ukDaysBetween(first: string, last: string): string[] {
  const end = ukDayKey(last);
  const days: string[] = [];
  for (let noon = Date.parse(`${ukDayKey(first)}T12:00:00Z`); ; noon += DAY_MS) {
    const key = new Date(noon).toISOString().slice(0, 10);
    if (key > end) return days;
    days.push(key);
  }
}

import { BookingTimeZone } from '@medtutor/contracts';

const format = new Intl.DateTimeFormat('en-GB', {
  timeZone: BookingTimeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Mon, 29 Mar 2027, 09:00 BST": bookings are kept, and shown to tutors, in UK time. */
export const ukDateTime = (instant: string): string => format.format(new Date(instant));

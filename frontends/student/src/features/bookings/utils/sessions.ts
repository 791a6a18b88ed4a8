import { ActiveBookingStatuses, type BookingDto, type BookingStatus } from '@medtutor/contracts';
import { ukDateLabel, ukTime, ukZoneName } from './uk-time';

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'Missed',
};

/** Still on the calendar (pending or confirmed) and not over yet: it may be joined, moved or cancelled. */
export const isUpcoming = (booking: BookingDto, now: Date): boolean =>
  ActiveBookingStatuses.includes(booking.status) && Date.parse(booking.endsAt) > now.getTime();

/** Upcoming sessions soonest first; the rest (done, cancelled, missed) latest first. */
export function splitSessions(bookings: BookingDto[], now: Date): { upcoming: BookingDto[]; past: BookingDto[] } {
  const byStart = [...bookings].sort((a, b) => Date.parse(a.preferredDateTime) - Date.parse(b.preferredDateTime));
  return {
    upcoming: byStart.filter((booking) => isUpcoming(booking, now)),
    past: byStart.filter((booking) => !isUpcoming(booking, now)).reverse(),
  };
}

/** "1 hour", "1.5 hours", "30 minutes". */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** "Tuesday 2 March 2027, 09:00 to 10:30 (GMT)": when a booking takes place, in UK time. */
export const sessionTime = (booking: Pick<BookingDto, 'preferredDateTime' | 'endsAt'>): string =>
  `${ukDateLabel(booking.preferredDateTime)}, ${ukTime(booking.preferredDateTime)} to ${ukTime(booking.endsAt)} (${ukZoneName(booking.preferredDateTime)})`;

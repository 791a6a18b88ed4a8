import { ActiveBookingStatuses, type BookingActor, type BookingDto, type BookingStatus } from '@medtutor/contracts';

/** Each status in words and a colour (antd Tag presets): the words carry it, the colour only helps. */
export const BookingStatusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const BookingStatusColours: Record<BookingStatus, string> = {
  pending: 'gold',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'default',
  no_show: 'red',
};

export const ActorLabels: Record<BookingActor, string> = { student: 'Student', tutor: 'Tutor', admin: 'Admin' };

const isActive = (booking: Pick<BookingDto, 'status'>) => ActiveBookingStatuses.includes(booking.status);

/** What an admin may do to a booking now; the server decides again. */
export function adminActions(booking: Pick<BookingDto, 'status' | 'preferredDateTime'>, nowMs: number) {
  const active = isActive(booking);
  const started = Date.parse(booking.preferredDateTime) <= nowMs;
  return { cancel: active, reschedule: active, noShow: active && started };
}

/** Whose session it is, as the grid's block and the list read it. */
export const bookingSummary = (booking: BookingDto, withTutor: boolean): string =>
  [
    booking.studentName,
    booking.subject,
    `${booking.duration} min`,
    BookingStatusLabels[booking.status],
    booking.isFreeTrial ? 'Free trial' : null,
    withTutor && booking.tutorAssigned ? `with ${booking.tutorAssigned}` : null,
  ]
    .filter(Boolean)
    .join(', ');

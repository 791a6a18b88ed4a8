import { ActiveBookingStatuses, type BookingDto } from '@medtutor/contracts';

/** What a tutor may do with a booking now: cancel while it is on the calendar, mark a no-show once it started. */
export function tutorActions(booking: BookingDto, now: Date): { cancel: boolean; noShow: boolean } {
  const active = ActiveBookingStatuses.includes(booking.status);
  return { cancel: active, noShow: active && Date.parse(booking.preferredDateTime) <= now.getTime() };
}

/** Sessions still to come or still to settle first (soonest first), then the week's finished ones. */
export function upcomingFirst(bookings: BookingDto[], now: Date): BookingDto[] {
  const open = (booking: BookingDto) => tutorActions(booking, now).cancel;
  const byStart = (a: BookingDto, b: BookingDto) => Date.parse(a.preferredDateTime) - Date.parse(b.preferredDateTime);
  return [
    ...bookings.filter(open).sort(byStart),
    ...bookings
      .filter((booking) => !open(booking))
      .sort(byStart)
      .reverse(),
  ];
}

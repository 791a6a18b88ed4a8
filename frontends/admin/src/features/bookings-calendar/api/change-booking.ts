import { type BookingDto, BookingDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate, type ScopedMutator } from 'swr';
import { freeTrialRequestsKey } from './get-free-trial-requests';
import { isBookingsKey } from './get-bookings';

/** The calendar's weeks and the trial requests (which show each request's booking) are fetched again. */
export const revalidateBookings = (revalidate: ScopedMutator = mutate) =>
  Promise.all([revalidate(isBookingsKey), revalidate(freeTrialRequestsKey)]);

const post = async (bookingId: string, action: string, body: object | undefined, revalidate: ScopedMutator) => {
  const booking = await apiRequest(
    'POST',
    `/api/bookings/${encodeURIComponent(bookingId)}/${action}`,
    BookingDtoSchema,
    body,
  );
  await revalidateBookings(revalidate);
  return booking;
};

/** POST /api/bookings/{id}/cancel: an admin's cancellation always returns the hours. */
export const cancelBooking = (bookingId: string, revalidate: ScopedMutator = mutate): Promise<BookingDto> =>
  post(bookingId, 'cancel', undefined, revalidate);

/** POST /api/bookings/{id}/reschedule: the new start as an ISO instant; admins may move a booking any time. */
export const rescheduleBooking = (
  bookingId: string,
  start: string,
  revalidate: ScopedMutator = mutate,
): Promise<BookingDto> => post(bookingId, 'reschedule', { start }, revalidate);

/** POST /api/bookings/{id}/no-show: after the start only; the hours are used. */
export const markNoShow = (bookingId: string, revalidate: ScopedMutator = mutate): Promise<BookingDto> =>
  post(bookingId, 'no-show', undefined, revalidate);

import { type BookingDto, BookingDtoSchema, type FreeTrialBookingBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate, type ScopedMutator } from 'swr';
import { revalidateBookings } from './change-booking';

/** POST /api/admin/bookings/free-trial: a trial request's 15–30 minute free trial with a tutor at a time. */
export async function bookFreeTrial(
  body: FreeTrialBookingBody,
  revalidate: ScopedMutator = mutate,
): Promise<BookingDto> {
  const booking = await apiRequest('POST', '/api/admin/bookings/free-trial', BookingDtoSchema, body);
  await revalidateBookings(revalidate);
  return booking;
}

import {
  type BookingDto,
  BookingDtoSchema,
  type CreateBookingBody,
  CreateBookingBodySchema,
  RescheduleBookingBodySchema,
} from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { userPackagesKey } from '../../packages';
import { bookingsKey } from './get-bookings';
import { slotsKeyPrefix } from './get-slots';

/**
 * After any change: the bookings, the packages' remaining hours (reserved or returned) and every
 * list of free times (one slot was taken or freed) are fetched again.
 */
export async function refreshAfterChange(): Promise<void> {
  await Promise.all([
    mutate(bookingsKey),
    mutate(userPackagesKey),
    mutate((key) => typeof key === 'string' && key.startsWith(slotsKeyPrefix)),
  ]);
}

const changed = async (request: Promise<BookingDto>): Promise<BookingDto> => {
  const booking = await request;
  await refreshAfterChange();
  return booking;
};

/** POST /api/bookings: reserves the hours and the slot. */
export const createBooking = (body: CreateBookingBody): Promise<BookingDto> =>
  changed(apiRequest('POST', bookingsKey, BookingDtoSchema, CreateBookingBodySchema.parse(body)));

/** POST /api/bookings/{id}/reschedule: the same hours at a new start. */
export const rescheduleBooking = (bookingId: string, start: string): Promise<BookingDto> =>
  changed(
    apiRequest(
      'POST',
      `${bookingsKey}/${bookingId}/reschedule`,
      BookingDtoSchema,
      RescheduleBookingBodySchema.parse({ start }),
    ),
  );

/** POST /api/bookings/{id}/cancel: the hours return, or are used inside the 24 hours. */
export const cancelBooking = (bookingId: string): Promise<BookingDto> =>
  changed(apiRequest('POST', `${bookingsKey}/${bookingId}/cancel`, BookingDtoSchema));

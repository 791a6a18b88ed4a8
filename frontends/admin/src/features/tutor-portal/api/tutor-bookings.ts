import { type BookingDto, BookingDtoSchema, BookingListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR, { mutate } from 'swr';

const DAY_MS = 86_400_000;
/** A week back too, so a session that has started can still be marked a no-show. */
const LOOK_BACK_DAYS = 7;

export const tutorBookingsKeyPrefix = '/api/bookings?';

/** From a week ago, at the start of the current hour so the key stays the same while the page is open. */
export const tutorBookingsKey = (now: Date) => {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  return `${tutorBookingsKeyPrefix}from=${encodeURIComponent(new Date(hour - LOOK_BACK_DAYS * DAY_MS).toISOString())}`;
};

export const getTutorBookings = (key: string): Promise<BookingDto[]> => apiRequest('GET', key, BookingListSchema);

/** The signed-in tutor's bookings (tutoring answers only their own), earliest first. */
export const useTutorBookings = (now: Date) => useSWR(tutorBookingsKey(now), getTutorBookings);

const refreshed = async (request: Promise<BookingDto>) => {
  const booking = await request;
  await mutate((key) => typeof key === 'string' && key.startsWith(tutorBookingsKeyPrefix));
  return booking;
};

/** A tutor's cancellation always returns the student's hours. */
export const cancelTutorBooking = (id: string) =>
  refreshed(apiRequest('POST', `/api/bookings/${id}/cancel`, BookingDtoSchema));

/** After the start only: the student did not come, the hours are used. */
export const markNoShow = (id: string) =>
  refreshed(apiRequest('POST', `/api/bookings/${id}/no-show`, BookingDtoSchema));

import { type BookingDto, BookingListSchema, type BookingStatus } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

const path = '/api/bookings';

/** What the calendar asks for: one week, of one tutor or all, in one status or all. */
export interface CalendarQuery {
  from: string;
  to: string;
  tutorId?: number;
  status?: BookingStatus;
}

/** The query string in a fixed order, so equal queries share a cache key. */
export function bookingsKey(query: CalendarQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.tutorId !== undefined) params.set('tutorId', String(query.tutorId));
  if (query.status !== undefined) params.set('status', query.status);
  return `${path}?${params.toString()}`;
}

/** Every week's list, whatever its filters: what a change to a booking makes stale. */
export const isBookingsKey = (key: unknown): boolean =>
  typeof key === 'string' && (key === path || key.startsWith(`${path}?`));

export const getBookings = (query: CalendarQuery): Promise<BookingDto[]> =>
  apiRequest('GET', bookingsKey(query), BookingListSchema);

/** The week stays on screen while the next one loads, so stepping weeks does not flash an empty grid. */
export const useBookings = (query: CalendarQuery) =>
  useSWR(bookingsKey(query), () => getBookings(query), { keepPreviousData: true });

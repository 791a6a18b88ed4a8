import { type BookingDto, BookingListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const bookingsKey = '/api/bookings';

export const getBookings = (): Promise<BookingDto[]> => apiRequest('GET', bookingsKey, BookingListSchema);

/** The signed-in student's bookings, earliest first. */
export const useBookings = () => useSWR(bookingsKey, getBookings);

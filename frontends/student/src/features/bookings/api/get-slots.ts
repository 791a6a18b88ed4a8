import { BookingRules, type SlotsDto, SlotsDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SlotsRequest {
  sessionId: number;
  durationHours: number;
}

export const slotsKeyPrefix = '/api/bookings/slots?';

/**
 * The whole window any package may see (priority booking's 4 weeks, and a day for the notice), from
 * the start of the current hour so the key, and SWR's cache, stay the same while the page is open.
 * The server narrows it to the package's own notice, payment lead and horizon.
 */
export function slotsKey({ sessionId, durationHours }: SlotsRequest, now: Date): string {
  const from = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const to = from + (BookingRules.priorityHorizonDays + 1) * DAY_MS;
  const query = new URLSearchParams({
    sessionId: String(sessionId),
    durationHours: String(durationHours),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  });
  return `${slotsKeyPrefix}${query.toString()}`;
}

export const getSlots = (key: string): Promise<SlotsDto> => apiRequest('GET', key, SlotsDtoSchema);

/** The free start times of a package's tutors for one duration; null asks nothing (no tutor yet). */
export const useSlots = (request: SlotsRequest | null, now: Date) =>
  useSWR(request ? slotsKey(request, now) : null, getSlots);

import { ActiveBookingStatuses, type BookingStatus } from '@medtutor/contracts';

/**
 * Which reminder a booking is due: 24 hours and 1 hour before its start, to an active booking only.
 * Instants are epoch milliseconds. The markers say that a reminder went out, or that the booking's
 * own confirmation stood in for it (`markersWhenScheduled`).
 */
export type ReminderKind = '24h' | '1h';

export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { '24h': 24 * 3_600_000, '1h': 3_600_000 };

export interface ReminderState {
  status: BookingStatus;
  start: number;
  reminder24hSentAt: number | null;
  reminder1hSentAt: number | null;
}

/**
 * The reminder due now, or null. Each has its window: the 1-hour one from an hour before the start
 * to the start; the 24-hour one from 24 hours before until the 1-hour window opens, so a job that
 * was down for a while sends only the reminder that still makes sense, never both at once. Nothing
 * once the session has started.
 */
export function dueReminder(booking: ReminderState, now: number): ReminderKind | null {
  if (!ActiveBookingStatuses.includes(booking.status)) return null;
  const ahead = booking.start - now;
  if (ahead <= 0) return null;
  if (ahead <= REMINDER_LEAD_MS['1h']) return booking.reminder1hSentAt === null ? '1h' : null;
  if (ahead <= REMINDER_LEAD_MS['24h']) return booking.reminder24hSentAt === null ? '24h' : null;
  return null;
}

/**
 * The markers a booking gets when it is made or moved to `start` at `now`: a confirmation (or change)
 * email sent inside a reminder's window is that reminder, so a booking made 5 hours ahead gets no
 * "coming up" email minutes after its confirmation, only the 1-hour one. Outside the windows both are
 * cleared, so a moved booking is reminded again for its new time.
 */
export function markersWhenScheduled(
  start: number,
  now: number,
): { reminder24hSentAt: number | null; reminder1hSentAt: number | null } {
  const ahead = start - now;
  return {
    reminder24hSentAt: ahead <= REMINDER_LEAD_MS['24h'] ? now : null,
    reminder1hSentAt: ahead <= REMINDER_LEAD_MS['1h'] ? now : null,
  };
}

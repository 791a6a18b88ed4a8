import { BookingMessages, BookingRules, type BookingActor, type BookingStatus } from '@medtutor/contracts';
import { invalid } from '../shared/tutoring.errors.js';
import {
  cancellationOutcome,
  mayMarkNoShow,
  mayReschedule,
  type HoursOutcome,
} from '../scheduling/booking-hours.rules.js';
import { markersWhenScheduled } from '../scheduling/reminders.rules.js';
import { bookingChangeNotAllowed, bookingStatusConflict } from './bookings.errors.js';

/**
 * A booking's lifecycle, the one place its status changes: pending → confirmed → completed, or
 * cancelled / no_show. Each transition is pure: it takes the booking as it was read and returns the
 * statuses it may start from, the fields to write and what happens to the reserved hours. The
 * repository applies it with a conditional update on those statuses, so two changes racing on one
 * booking cannot both apply. Instants are epoch milliseconds.
 */
export interface BookingState {
  status: BookingStatus;
  start: number;
  durationMinutes: number;
  reservedHours: number;
  icsSequence: number;
}

export interface BookingChange {
  /** The update applies only while the booking is still in one of these. */
  from: readonly BookingStatus[];
  status: BookingStatus;
  /** Fields besides the status. */
  patch: {
    icsSequence?: number;
    start?: number;
    end?: number;
    cancelledBy?: BookingActor;
    cancelledAt?: number;
    completedAt?: number;
    noShowAt?: number;
    /** A moved booking is reminded again for its new time (markersWhenScheduled). */
    reminders?: { reminder24hSentAt: number | null; reminder1hSentAt: number | null };
    hoursOutcome?: HoursOutcome;
  };
  /** The reserved hours leave the package's reservation, back to remaining or into used. */
  hours: { outcome: HoursOutcome; reserved: number } | null;
}

const ACTIVE: readonly BookingStatus[] = ['pending', 'confirmed'];

const requireStatus = (booking: BookingState, allowed: readonly BookingStatus[]): void => {
  if (!allowed.includes(booking.status)) throw bookingStatusConflict();
};

/**
 * A new booking: it holds its slot and hours from the start, so it is confirmed at once. The spec's
 * rule: a session lasts at least 30 minutes; the free trial lasts 15 to 30. Its confirmation email
 * stands in for a reminder whose window it falls in.
 */
export const book = (
  start: number,
  durationMinutes: number,
  isFreeTrial: boolean,
  now: number,
): {
  status: BookingStatus;
  start: number;
  end: number;
  reminders: { reminder24hSentAt: number | null; reminder1hSentAt: number | null };
} => {
  if (isFreeTrial) {
    if (durationMinutes < BookingRules.freeTrialMinMinutes || durationMinutes > BookingRules.freeTrialMaxMinutes) {
      throw invalid(BookingMessages.freeTrialLength);
    }
  } else if (durationMinutes < BookingRules.minimumMinutes) {
    throw invalid(BookingMessages.sessionMin30);
  }
  return {
    status: 'confirmed',
    start,
    end: start + durationMinutes * 60_000,
    reminders: markersWhenScheduled(start, now),
  };
};

/** A pending booking (a free trial awaiting the team) confirmed. */
export const confirm = (booking: BookingState): BookingChange => {
  requireStatus(booking, ['pending']);
  return { from: ['pending'], status: 'confirmed', patch: {}, hours: null };
};

/** The 24-hour rule decides whether the hours come back (a tutor's or admin's cancellation: always). */
export const cancel = (booking: BookingState, by: BookingActor, now: number): BookingChange => {
  requireStatus(booking, ACTIVE);
  const outcome = cancellationOutcome(by, booking.start, now);
  return {
    from: ACTIVE,
    status: 'cancelled',
    patch: { icsSequence: booking.icsSequence + 1, cancelledBy: by, cancelledAt: now, hoursOutcome: outcome },
    hours: { outcome, reserved: booking.reservedHours },
  };
};

/**
 * The student's account was erased (issue 26): an active booking still to come is cancelled on their
 * behalf, and its hours come back to the package whatever the notice (nobody is left to attend it).
 * One already begun stays for the tutor to settle as delivered or missed.
 */
export const cancelOnErasure = (booking: BookingState, now: number): BookingChange | null => {
  if (!ACTIVE.includes(booking.status) || booking.start <= now) return null;
  return {
    from: ACTIVE,
    status: 'cancelled',
    patch: { icsSequence: booking.icsSequence + 1, cancelledBy: 'student', cancelledAt: now, hoursOutcome: 'returned' },
    hours: { outcome: 'returned', reserved: booking.reservedHours },
  };
};

/**
 * A new time for an active booking. A student may move it only while it is at least the package's
 * notice away; whether the new time is a free slot is the slot rules' question, asked by the service.
 */
export const reschedule = (
  booking: BookingState,
  by: BookingActor,
  newStart: number,
  now: number,
  noticeHours: number,
): BookingChange => {
  requireStatus(booking, ACTIVE);
  if (!mayReschedule(by, booking.start, now, noticeHours)) {
    throw bookingChangeNotAllowed(BookingMessages.changeTooLate(noticeHours));
  }
  return {
    from: [booking.status],
    status: booking.status,
    patch: {
      start: newStart,
      end: newStart + booking.durationMinutes * 60_000,
      icsSequence: booking.icsSequence + 1,
      reminders: markersWhenScheduled(newStart, now),
    },
    hours: null,
  };
};

/** The student did not come: marked by the tutor or an admin once the session has started; the hours are used. */
export const markNoShow = (booking: BookingState, now: number): BookingChange => {
  requireStatus(booking, ['confirmed']);
  if (!mayMarkNoShow(booking.start, now)) throw bookingChangeNotAllowed(BookingMessages.noShowTooEarly);
  return {
    from: ['confirmed'],
    status: 'no_show',
    patch: { noShowAt: now, hoursOutcome: 'used' },
    hours: { outcome: 'used', reserved: booking.reservedHours },
  };
};

/** The tutor reported the session delivered: its reserved hours become used ones. */
export const complete = (booking: BookingState, now: number): BookingChange => {
  requireStatus(booking, ['confirmed']);
  return {
    from: ['confirmed'],
    status: 'completed',
    patch: { completedAt: now, hoursOutcome: 'used' },
    hours: { outcome: 'used', reserved: booking.reservedHours },
  };
};

import { BookingRules, type BookingActor } from '@medtutor/contracts';
import { fromTenths, toTenths } from '../shared/hours.js';

/**
 * The hours rules of a booking: reservation (remaining = total − used − reserved), the 24-hour
 * cancellation rule, and who may move a booking how late. Hours are plain numbers in steps of 0.1;
 * arithmetic runs on tenths.
 */
const HOUR = 3_600_000;

export interface PackageHours {
  total: number;
  used: number;
  reserved: number;
}

export const remainingHours = (hours: PackageHours): number =>
  fromTenths(toTenths(hours.total) - toTenths(hours.used) - toTenths(hours.reserved));

/** The package after reserving `hours`, or 'insufficient' when fewer remain. */
export const reserveHours = (hours: PackageHours, wanted: number): PackageHours | 'insufficient' =>
  toTenths(wanted) > toTenths(remainingHours(hours))
    ? 'insufficient'
    : { ...hours, reserved: fromTenths(toTenths(hours.reserved) + toTenths(wanted)) };

/** What happens to a booking's reserved hours when it ends without being delivered. */
export type HoursOutcome = 'returned' | 'used';

/**
 * The policy's 24-hour rule: a student's cancellation at least 24 hours before the start returns the
 * hours, a later one uses them (the full fee); a tutor's or an admin's cancellation always returns them.
 */
export const cancellationOutcome = (by: BookingActor, start: number, now: number): HoursOutcome =>
  by !== 'student' || start - now >= BookingRules.freeCancellationHours * HOUR ? 'returned' : 'used';

/** The package after its booking's reserved hours are released: back to remaining, or into used. */
export const releaseHours = (hours: PackageHours, reserved: number, outcome: HoursOutcome): PackageHours => ({
  total: hours.total,
  reserved: fromTenths(toTenths(hours.reserved) - toTenths(reserved)),
  used: outcome === 'used' ? fromTenths(toTenths(hours.used) + toTenths(reserved)) : hours.used,
});

/** A student may move a booking only while it starts at least the notice ahead; tutors and admins any time. */
export const mayReschedule = (by: BookingActor, start: number, now: number, noticeHours: number): boolean =>
  by !== 'student' || start - now >= noticeHours * HOUR;

/** A no-show is marked once the session has started. */
export const mayMarkNoShow = (start: number, now: number): boolean => now >= start;

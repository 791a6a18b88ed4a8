import { Packages, type PackageType } from './catalog.js';
import { SessionDurationsHours } from './tutoring.js';

/**
 * Issue 25: bookings inside the platform. The zod-free constants, rules' numbers and texts that the
 * tutoring service and the frontends (slot picker, tutor availability) share.
 */

/** Availability is entered, and slots are shown, in the business's time zone. */
export const BookingTimeZone = 'Europe/London';

/** docs/product.md §3 bookings.status: pending → confirmed → completed, or cancelled / no_show. */
export const BookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BookingStatuses)[number];
/** Statuses that hold the tutor's time and the package's reserved hours. */
export const ActiveBookingStatuses: readonly BookingStatus[] = ['pending', 'confirmed'];

/** Who cancelled, moved or marked a booking. */
export const BookingActors = ['student', 'tutor', 'admin'] as const;
export type BookingActor = (typeof BookingActors)[number];

export const BookingRules = {
  /** Slots start on this grid (minutes, aligned to the hour in London time). */
  slotStepMinutes: 30,
  /** docs/product.md §9: bookings last at least 30 minutes. */
  minimumMinutes: 30,
  /** The free trial lasts 15–30 minutes. */
  freeTrialMinMinutes: 15,
  freeTrialMaxMinutes: 30,
  /** A booking starts at least this long after now (bookings and a student's reschedule). */
  noticeHours: 24,
  /** 'Flexible scheduling' (10-session package). */
  flexibleNoticeHours: 12,
  /** Slots are offered this far ahead. */
  horizonDays: 14,
  /** 'Priority booking' (5- and 10-session packages). */
  priorityHorizonDays: 28,
  /** Policies: payment at least 48 hours before a session. */
  paymentLeadHours: 48,
  /** Policies: cancelling with at least 24 hours' notice returns the hours. */
  freeCancellationHours: 24,
  /** Longest span a slot or booking list may cover in one request. */
  maxRangeDays: 31,
  /** How many of the newest free-trial requests the admins' list shows. */
  freeTrialRequestsListed: 100,
} as const;

/** The durations a package booking may take, in hours (docs/product.md §5). */
export const BookingDurationsHours = SessionDurationsHours;

export interface PackagePerks {
  priorityBooking: boolean;
  flexibleScheduling: boolean;
}

/** docs/product.md §9 plan cards: the 5-session package has priority booking, the 10-session also flexible scheduling. */
export const PerksByPackageType: Record<PackageType, PackagePerks> = {
  singleSession: { priorityBooking: false, flexibleScheduling: false },
  package5: { priorityBooking: true, flexibleScheduling: false },
  package10: { priorityBooking: true, flexibleScheduling: true },
};

/** A package row stores the plan's name (user_sessions.package_name); unknown names get no perks. */
export const perksOfPackageName = (packageName: string): PackagePerks => {
  const type = (Object.keys(Packages) as PackageType[]).find((key) => Packages[key].name === packageName);
  return type ? PerksByPackageType[type] : { priorityBooking: false, flexibleScheduling: false };
};

export const BookingMessages = {
  insufficientHours: 'Insufficient hours',
  calendarLinkPending: 'Calendar Link Pending',
  sessionMin30: 'Session must be at least 30 minutes',
  freeTrialLength: `A free trial lasts ${BookingRules.freeTrialMinMinutes} to ${BookingRules.freeTrialMaxMinutes} minutes`,
  slotTaken: 'This time has just been booked by someone else. Please choose another time.',
  slotNotOffered: 'This time is not available. Please choose one of the times offered.',
  tooSoon: (hours: number) => `Sessions must be booked at least ${hours} hours in advance`,
  beyondHorizon: (days: number) => `Sessions can be booked at most ${days} days ahead`,
  beforePaymentLead: `A session can start no earlier than ${BookingRules.paymentLeadHours} hours after the package was paid`,
  changeTooLate: (hours: number) =>
    `Bookings can be changed by students until ${hours} hours before the start. Please contact your tutor.`,
  noShowTooEarly: 'A no-show can be marked only after the session has started',
  statusConflict: 'This booking has already been changed. Please reload.',
  bookingNotFound: 'Booking not found',
  noTutorAvailability: 'Your tutor has not set their availability yet',
  availabilityOverlap: 'Availability times of one day must not overlap',
  availabilityOrder: 'The end time must be after the start time',
  availabilityStep: 'Times must be on the quarter hour',
  rangeTooLong: `Choose a range of at most ${BookingRules.maxRangeDays} days`,
  rangeOrder: 'The end of the range must be after its start',
  startInvalid: 'Please choose a start time',
  dateInvalid: 'Please enter a valid date',
  weekdayInvalid: 'Please choose a day of the week',
  tutorIdRequired: 'Choose the tutor whose availability to change',
  trialRequestNotFound: 'Free trial request not found',
  startInPast: 'The start must be in the future',
} as const;

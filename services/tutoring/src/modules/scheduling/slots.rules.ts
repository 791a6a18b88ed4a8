import {
  addLocalDays,
  BookingRules,
  firstInstantAtOrAfter,
  isoWeekday,
  localDateOf,
  type PackagePerks,
} from '@medtutor/contracts';

/**
 * The slot rules of issue 25 as plain functions: availability (weekly hours and date exceptions, in
 * the zone's local time) → UTC intervals; free slots = availability − bookings, within the notice
 * window, the horizon and the payment lead. Instants are epoch milliseconds.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Interval {
  start: number;
  end: number;
}

/** A span of one weekday's local hours, e.g. Monday 09:00–12:00 is { weekday: 1, startMinute: 540, endMinute: 720 }. */
export interface WeeklyHours {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  startMinute: number;
  /** Up to 1440 (midnight at the end of the day). */
  endMinute: number;
}

/** A date whose hours replace the weekly ones: no spans means not available that day. */
export interface DateException {
  date: string;
  spans: { startMinute: number; endMinute: number }[];
}

export interface Availability {
  weekly: WeeklyHours[];
  exceptions: DateException[];
}

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** Sorted, with touching or overlapping intervals joined. */
export const mergeIntervals = (intervals: Interval[]): Interval[] => {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
};

/**
 * The UTC intervals a tutor is available in [from, to). Each local span runs from the first instant
 * the wall clock shows its start to the first instant it shows its end, so a span across the spring
 * change is an hour shorter and one across the autumn change an hour longer, as the tutor lives it.
 */
export const availabilityIntervals = (availability: Availability, range: Interval, zone: string): Interval[] => {
  const exceptions = new Map(availability.exceptions.map((e) => [e.date, e.spans]));
  const intervals: Interval[] = [];
  // One local day either side: a London day can start up to an hour before its UTC date.
  const last = localDateOf(range.end, zone);
  for (let date = addLocalDays(localDateOf(range.start, zone), -1); date <= last; date = addLocalDays(date, 1)) {
    const weekday = isoWeekday(date);
    const spans = exceptions.get(date) ?? availability.weekly.filter((w) => w.weekday === weekday);
    for (const span of spans) {
      const start = Math.max(firstInstantAtOrAfter(date, span.startMinute, zone), range.start);
      const end = Math.min(firstInstantAtOrAfter(date, span.endMinute, zone), range.end);
      if (end > start) intervals.push({ start, end });
    }
  }
  return mergeIntervals(intervals);
};

/** The notice and horizon a package's perks give (hours and days). */
export const bookingWindow = (perks: PackagePerks): { noticeHours: number; horizonDays: number } => ({
  noticeHours: perks.flexibleScheduling ? BookingRules.flexibleNoticeHours : BookingRules.noticeHours,
  horizonDays: perks.priorityBooking ? BookingRules.priorityHorizonDays : BookingRules.horizonDays,
});

export interface SlotContext {
  now: number;
  perks: PackagePerks;
  /** When the package's payment succeeded (its purchase date). */
  paidAt: number;
  durationMinutes: number;
  /** The tutor's availability in UTC (availabilityIntervals), covering at least the asked range. */
  available: Interval[];
  /** The tutor's active bookings (any package). */
  busy: Interval[];
  /** A booking being moved does not block its own new time. */
  ignoreBusy?: (interval: Interval) => boolean;
}

export type SlotProblem = 'off_grid' | 'too_soon' | 'beyond_horizon' | 'before_payment_lead' | 'unavailable' | 'taken';

/** The earliest start the notice and the payment lead allow, and the latest the horizon allows. */
export const startBounds = (
  context: Pick<SlotContext, 'now' | 'perks' | 'paidAt'>,
): { earliest: number; latest: number } => {
  const window = bookingWindow(context.perks);
  return {
    earliest: Math.max(context.now + window.noticeHours * HOUR, context.paidAt + BookingRules.paymentLeadHours * HOUR),
    latest: context.now + window.horizonDays * DAY,
  };
};

/** Why a start cannot be booked, or null when it is a free slot. Slot listing and booking both ask this. */
export const slotProblem = (start: number, context: SlotContext): SlotProblem | null => {
  if (start % (BookingRules.slotStepMinutes * MINUTE) !== 0) return 'off_grid';
  const window = bookingWindow(context.perks);
  if (start < context.now + window.noticeHours * HOUR) return 'too_soon';
  if (start > context.now + window.horizonDays * DAY) return 'beyond_horizon';
  if (start < context.paidAt + BookingRules.paymentLeadHours * HOUR) return 'before_payment_lead';
  const slot = { start, end: start + context.durationMinutes * MINUTE };
  if (!context.available.some((a) => a.start <= slot.start && slot.end <= a.end)) return 'unavailable';
  if (context.busy.some((b) => overlaps(b, slot) && !context.ignoreBusy?.(b))) return 'taken';
  return null;
};

/** Free start times in [range.start, range.end), on the slot grid, in order. */
export const freeSlots = (range: Interval, context: SlotContext): number[] => {
  const step = BookingRules.slotStepMinutes * MINUTE;
  const bounds = startBounds(context);
  const first = Math.ceil(Math.max(range.start, bounds.earliest) / step) * step;
  const last = Math.min(range.end - 1, bounds.latest);
  const slots: number[] = [];
  for (let start = first; start <= last; start += step) {
    if (slotProblem(start, context) === null) slots.push(start);
  }
  return slots;
};

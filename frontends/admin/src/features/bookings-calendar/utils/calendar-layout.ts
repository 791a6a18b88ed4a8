import type { BookingDto } from '@medtutor/contracts';
import { type CalendarWeek, ukDateOf, ukMinutesOf } from './uk-time';

/** A booking placed in its UK day: where its block starts and ends (minutes after midnight) and its lane among overlaps. */
export interface PlacedBooking {
  booking: BookingDto;
  startMinute: number;
  /** Capped at midnight: a session running past it is drawn to the end of its first day. */
  endMinute: number;
  /** 0-based lane, and how many lanes its group of overlapping bookings needs (the block's width is 1/lanes). */
  lane: number;
  lanes: number;
}

export interface CalendarDay {
  date: string;
  bookings: PlacedBooking[];
}

/**
 * Overlapping bookings (several tutors at once, or a cancelled one and its replacement) side by side:
 * each takes the lowest lane free at its start, and every booking of a group of chained overlaps gets
 * the group's lane count, so blocks of one group share the width evenly.
 */
function assignLanes(sorted: Omit<PlacedBooking, 'lane' | 'lanes'>[]): PlacedBooking[] {
  const placed: PlacedBooking[] = [];
  let group: PlacedBooking[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= item.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = item.endMinute;
    groupEnd = Math.max(groupEnd, item.endMinute);
    const entry = { ...item, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
  }
  closeGroup();
  return placed;
}

/** The week's seven days with the bookings that start on each (by UK date), earliest first. */
export function placeInDays(bookings: readonly BookingDto[], week: CalendarWeek): CalendarDay[] {
  return week.days.map((date) => {
    const own = bookings
      .filter((booking) => ukDateOf(booking.preferredDateTime) === date)
      .map((booking) => {
        const startMinute = ukMinutesOf(booking.preferredDateTime);
        // The length is the booking's own: on a clock-change day the wall clock may show an hour more or less.
        return { booking, startMinute, endMinute: Math.min(1440, startMinute + booking.duration) };
      })
      .sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
    return { date, bookings: assignLanes(own) };
  });
}

/** The hours the grid shows: 08:00–20:00, widened to whole hours to take in every booking. */
export function visibleHours(days: readonly CalendarDay[]): { first: number; last: number } {
  let first = 8;
  let last = 20;
  for (const { bookings } of days) {
    for (const { startMinute, endMinute } of bookings) {
      first = Math.min(first, Math.floor(startMinute / 60));
      last = Math.max(last, Math.ceil(endMinute / 60));
    }
  }
  return { first, last };
}

import { describe, expect, it } from '@jest/globals';
import type { BookingDto } from '@medtutor/contracts';
import { placeInDays, visibleHours } from './calendar-layout';
import { weekStarting } from './uk-time';

let next = 0;
const booking = (start: string, duration = 60, over: Partial<BookingDto> = {}): BookingDto => {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    studentName: `Student ${next}`,
    studentEmail: null,
    subject: 'UCAT',
    duration,
    preferredDateTime: start,
    endsAt: new Date(Date.parse(start) + duration * 60_000).toISOString(),
    additionalNotes: null,
    isFreeTrial: false,
    price: 0,
    currency: 'GBP',
    status: 'confirmed',
    tutorAssigned: 'Dr Rivera',
    calendlyLink: null,
    meetingLink: null,
    tutorId: 1,
    sessionId: 1,
    studentUserId: 1,
    reservedHours: duration / 60,
    hoursOutcome: null,
    icsUid: `uid-${next}`,
    icsSequence: 0,
    bookedBy: 'student',
    cancelledBy: null,
    cancelledAt: null,
    createdAt: start,
    updatedAt: start,
    ...over,
  };
};

const summary = (days: ReturnType<typeof placeInDays>) =>
  Object.fromEntries(
    days
      .filter((day) => day.bookings.length > 0)
      .map((day) => [day.date, day.bookings.map((b) => [b.startMinute, b.endMinute, b.lane, b.lanes])]),
  );

describe('placing bookings in UK days', () => {
  it('puts each booking on its UK date, earliest first, at its UK wall-clock time', () => {
    const week = weekStarting('2027-03-29');
    const days = placeInDays(
      [
        booking('2027-03-31T16:00:00Z', 90), // Wednesday 17:00 BST
        booking('2027-03-31T08:00:00Z'), // Wednesday 09:00 BST
        booking('2027-04-04T23:30:00Z'), // Monday 5 April 00:30 BST: the next week
        booking('2027-03-28T23:30:00Z', 30), // Monday 29 March 00:30 BST, though Sunday in UTC
      ],
      week,
    );
    expect(days.map((day) => day.date)).toEqual(week.days);
    expect(summary(days)).toEqual({
      '2027-03-29': [[30, 60, 0, 1]],
      '2027-03-31': [
        [540, 600, 0, 1],
        [1020, 1110, 0, 1],
      ],
    });
  });

  it('places the sessions of the day the clocks go back (31 October 2027) by the UK clock', () => {
    const days = placeInDays(
      [
        booking('2027-10-31T00:30:00Z', 30), // 01:30 BST, the first pass
        booking('2027-10-31T01:30:00Z', 30), // 01:30 GMT, the second pass
        booking('2027-10-31T10:00:00Z'), // 10:00 GMT
      ],
      weekStarting('2027-10-25'),
    );
    // The two 01:30s overlap on the wall clock: side by side.
    expect(summary(days)).toEqual({
      '2027-10-31': [
        [90, 120, 0, 2],
        [90, 120, 1, 2],
        [600, 660, 0, 1],
      ],
    });
  });

  it('sets overlapping bookings side by side, the lanes shared by each chain of overlaps', () => {
    const days = placeInDays(
      [
        booking('2027-01-11T09:00:00Z', 120), // 09:00–11:00
        booking('2027-01-11T09:30:00Z', 60), // 09:30–10:30
        booking('2027-01-11T10:30:00Z', 60), // 10:30–11:30: the second lane is free again
        booking('2027-01-11T12:00:00Z', 60), // alone
        booking('2027-01-11T23:30:00Z', 120), // runs past midnight: drawn to the end of its day
      ],
      weekStarting('2027-01-11'),
    );
    expect(summary(days)).toEqual({
      '2027-01-11': [
        [540, 660, 0, 2],
        [570, 630, 1, 2],
        [630, 690, 1, 2],
        [720, 780, 0, 1],
        [1410, 1440, 0, 1],
      ],
    });
  });

  it('shows 08:00–20:00, widened to every booking', () => {
    const week = weekStarting('2027-01-11');
    expect(visibleHours(placeInDays([], week))).toEqual({ first: 8, last: 20 });
    expect(
      visibleHours(placeInDays([booking('2027-01-12T06:30:00Z'), booking('2027-01-13T20:15:00Z', 90)], week)),
    ).toEqual({ first: 6, last: 22 });
  });
});

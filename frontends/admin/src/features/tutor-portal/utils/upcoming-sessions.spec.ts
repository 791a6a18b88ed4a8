import { describe, expect, it } from '@jest/globals';
import type { BookingDto } from '@medtutor/contracts';
import { tutorActions, upcomingFirst } from './upcoming-sessions';
import { ukDateTime } from './uk-time';

const now = new Date('2027-10-30T12:00:00Z');
const booking = (id: string, start: string, status: BookingDto['status'] = 'confirmed') =>
  ({ id, preferredDateTime: start, status }) as BookingDto;

describe('tutor actions on a booking', () => {
  it('cancels while on the calendar and marks a no-show only once started', () => {
    expect(tutorActions(booking('a', '2027-10-31T09:00:00Z'), now)).toEqual({ cancel: true, noShow: false });
    expect(tutorActions(booking('b', '2027-10-30T11:00:00Z', 'pending'), now)).toEqual({ cancel: true, noShow: true });
    expect(tutorActions(booking('c', '2027-10-29T11:00:00Z', 'no_show'), now)).toEqual({
      cancel: false,
      noShow: false,
    });
  });

  it('lists open sessions soonest first, then finished ones latest first', () => {
    const list = [
      booking('late', '2027-11-02T09:00:00Z'),
      booking('done', '2027-10-25T09:00:00Z', 'completed'),
      booking('soon', '2027-10-31T09:00:00Z'),
      booking('off', '2027-10-28T09:00:00Z', 'cancelled'),
    ];
    expect(upcomingFirst(list, now).map((b) => b.id)).toEqual(['soon', 'late', 'off', 'done']);
  });
});

describe('UK time for tutors', () => {
  it('names the zone on each side of the clock change', () => {
    expect(ukDateTime('2027-10-31T00:30:00Z')).toBe('Sun, 31 Oct 2027, 01:30 BST');
    expect(ukDateTime('2027-10-31T01:30:00Z')).toBe('Sun, 31 Oct 2027, 01:30 GMT');
  });
});

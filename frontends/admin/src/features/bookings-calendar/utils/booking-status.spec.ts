import { describe, expect, it } from '@jest/globals';
import { BookingStatuses } from '@medtutor/contracts';
import { adminActions, BookingStatusColours, BookingStatusLabels } from './booking-status';

const at = (iso: string) => Date.parse(iso);
const start = '2027-03-29T08:00:00.000Z';

describe('admin actions on a booking', () => {
  it('lets an admin cancel and move an active booking, and mark a no-show only once it has started', () => {
    expect(adminActions({ status: 'confirmed', preferredDateTime: start }, at('2027-03-29T07:59:00Z'))).toEqual({
      cancel: true,
      reschedule: true,
      noShow: false,
    });
    expect(adminActions({ status: 'pending', preferredDateTime: start }, at(start))).toEqual({
      cancel: true,
      reschedule: true,
      noShow: true,
    });
  });

  it('offers nothing on a booking that has ended its life', () => {
    for (const status of ['completed', 'cancelled', 'no_show'] as const) {
      expect(adminActions({ status, preferredDateTime: start }, at('2027-04-01T00:00:00Z'))).toEqual({
        cancel: false,
        reschedule: false,
        noShow: false,
      });
    }
  });

  it('words and colours every status, no two alike', () => {
    expect(BookingStatuses.map((status) => BookingStatusLabels[status])).toEqual([
      'Pending',
      'Confirmed',
      'Completed',
      'Cancelled',
      'No-show',
    ]);
    expect(new Set(Object.values(BookingStatusColours)).size).toBe(BookingStatuses.length);
  });
});

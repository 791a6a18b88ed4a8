import { describe, expect, it } from '@jest/globals';
import { BookingMessages, ErrorCodes } from '@medtutor/contracts';
import {
  book,
  cancel,
  cancelOnErasure,
  complete,
  confirm,
  markNoShow,
  reschedule,
  type BookingState,
} from './booking.lifecycle.js';

const HOUR = 3_600_000;
const start = Date.parse('2027-10-31T09:00:00Z');
const confirmed: BookingState = { status: 'confirmed', start, durationMinutes: 90, reservedHours: 1.5, icsSequence: 0 };

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('booking lifecycle', () => {
  it('books confirmed, spanning the duration, with both reminders to come when booked days ahead', () => {
    expect(book(start, 90, false, start - 72 * HOUR)).toEqual({
      status: 'confirmed',
      start,
      end: start + 90 * 60_000,
      reminders: { reminder24hSentAt: null, reminder1hSentAt: null },
    });
  });

  it('counts the confirmation as the 24-hour reminder of a booking made less than 24 hours ahead', () => {
    const now = start - 6 * HOUR;
    expect(book(start, 30, true, now).reminders).toEqual({ reminder24hSentAt: now, reminder1hSentAt: null });
  });

  it("keeps the spec's lengths: a session at least 30 minutes, a free trial 15 to 30", () => {
    expect(refusal(() => book(start, 29, false, 0))).toEqual({
      code: ErrorCodes.validationFailed,
      message: 'Session must be at least 30 minutes',
    });
    expect(book(start, 30, false, 0).end).toBe(start + 30 * 60_000);
    expect(book(start, 15, true, 0).end).toBe(start + 15 * 60_000);
    for (const minutes of [14, 31, 60]) {
      expect(refusal(() => book(start, minutes, true, 0))).toEqual({
        code: ErrorCodes.validationFailed,
        message: BookingMessages.freeTrialLength,
      });
    }
  });

  it('confirms only a pending booking', () => {
    expect(confirm({ ...confirmed, status: 'pending' })).toMatchObject({ from: ['pending'], status: 'confirmed' });
    expect(refusal(() => confirm(confirmed)).code).toBe(ErrorCodes.bookingStatusConflict);
  });

  describe('cancel', () => {
    it("returns a student's hours with 24 hours' notice and bumps the ICS sequence", () => {
      const change = cancel(confirmed, 'student', start - 24 * HOUR);
      expect(change).toMatchObject({
        status: 'cancelled',
        from: ['pending', 'confirmed'],
        hours: { outcome: 'returned', reserved: 1.5 },
      });
      expect(change.patch).toMatchObject({ icsSequence: 1, cancelledBy: 'student', cancelledAt: start - 24 * HOUR });
    });

    it('uses them when later', () => {
      expect(cancel(confirmed, 'student', start - 23 * HOUR).hours).toEqual({ outcome: 'used', reserved: 1.5 });
    });

    it('always returns them when the tutor or an admin cancels', () => {
      expect(cancel(confirmed, 'tutor', start - HOUR).hours?.outcome).toBe('returned');
      expect(cancel(confirmed, 'admin', start + HOUR).hours?.outcome).toBe('returned');
    });

    it.each(['cancelled', 'completed', 'no_show'] as const)('refuses a %s booking', (status) => {
      expect(refusal(() => cancel({ ...confirmed, status }, 'admin', start)).code).toBe(
        ErrorCodes.bookingStatusConflict,
      );
    });
  });

  describe('cancel on erasure', () => {
    it('cancels a booking still to come for the erased student and returns its hours, even inside the notice', () => {
      const change = cancelOnErasure(confirmed, start - HOUR);
      expect(change).toEqual({
        from: ['pending', 'confirmed'],
        status: 'cancelled',
        patch: { icsSequence: 1, cancelledBy: 'student', cancelledAt: start - HOUR, hoursOutcome: 'returned' },
        hours: { outcome: 'returned', reserved: 1.5 },
      });
      expect(cancelOnErasure({ ...confirmed, status: 'pending' }, start - 48 * HOUR)?.status).toBe('cancelled');
    });

    it('leaves a booking that has begun for the tutor to settle, and an ended one as it is', () => {
      expect(cancelOnErasure(confirmed, start)).toBeNull();
      expect(cancelOnErasure(confirmed, start + HOUR)).toBeNull();
      for (const status of ['cancelled', 'completed', 'no_show'] as const) {
        expect(cancelOnErasure({ ...confirmed, status }, start - 48 * HOUR)).toBeNull();
      }
    });
  });

  describe('reschedule', () => {
    it('moves the span, bumps the sequence and re-arms the reminders', () => {
      const newStart = start + 48 * HOUR;
      const change = reschedule(confirmed, 'student', newStart, start - 30 * HOUR, 24);
      expect(change).toMatchObject({ status: 'confirmed', from: ['confirmed'], hours: null });
      expect(change.patch).toEqual({
        start: newStart,
        end: newStart + 90 * 60_000,
        icsSequence: 1,
        reminders: { reminder24hSentAt: null, reminder1hSentAt: null },
      });
    });

    it('counts the change email as the 24-hour reminder when the new time is less than 24 hours away', () => {
      const now = start - 30 * HOUR;
      const change = reschedule(confirmed, 'tutor', now + 5 * HOUR, now, 24);
      expect(change.patch.reminders).toEqual({ reminder24hSentAt: now, reminder1hSentAt: null });
    });

    it('refuses a student inside the notice, with the notice in the message', () => {
      expect(refusal(() => reschedule(confirmed, 'student', start + 48 * HOUR, start - 20 * HOUR, 24))).toEqual({
        code: ErrorCodes.bookingChangeNotAllowed,
        message: BookingMessages.changeTooLate(24),
      });
      expect(reschedule(confirmed, 'student', start + 48 * HOUR, start - 20 * HOUR, 12).status).toBe('confirmed');
    });

    it('lets the tutor or an admin move it any time', () => {
      expect(reschedule(confirmed, 'tutor', start + HOUR, start - HOUR, 24).patch.start).toBe(start + HOUR);
    });

    it('refuses an ended booking', () => {
      expect(
        refusal(() => reschedule({ ...confirmed, status: 'cancelled' }, 'admin', start, start - 48 * HOUR, 24)).code,
      ).toBe(ErrorCodes.bookingStatusConflict);
    });
  });

  describe('no-show', () => {
    it('uses the hours once the session has started', () => {
      expect(markNoShow(confirmed, start)).toMatchObject({
        status: 'no_show',
        hours: { outcome: 'used', reserved: 1.5 },
      });
    });

    it('is refused before the start', () => {
      expect(refusal(() => markNoShow(confirmed, start - 1))).toEqual({
        code: ErrorCodes.bookingChangeNotAllowed,
        message: BookingMessages.noShowTooEarly,
      });
    });
  });

  it('completes a confirmed booking into used hours, once', () => {
    expect(complete(confirmed, start + 2 * HOUR)).toMatchObject({
      status: 'completed',
      hours: { outcome: 'used', reserved: 1.5 },
    });
    expect(refusal(() => complete({ ...confirmed, status: 'completed' }, start)).code).toBe(
      ErrorCodes.bookingStatusConflict,
    );
  });
});

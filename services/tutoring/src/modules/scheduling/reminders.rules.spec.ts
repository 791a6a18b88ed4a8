import { describe, expect, it } from '@jest/globals';
import { BookingStatuses } from '@medtutor/contracts';
import fc from 'fast-check';
import { dueReminder, markersWhenScheduled, REMINDER_LEAD_MS, type ReminderState } from './reminders.rules.js';

const HOUR = 3_600_000;
const start = Date.UTC(2027, 2, 28, 9, 0); // 10:00 London, the morning the clocks go forward
const fresh: ReminderState = { status: 'confirmed', start, reminder24hSentAt: null, reminder1hSentAt: null };

describe('dueReminder', () => {
  it('is nothing more than 24 hours ahead, the 24-hour reminder from 24 hours before, the 1-hour one from an hour before', () => {
    expect(dueReminder(fresh, start - 24 * HOUR - 1)).toBeNull();
    expect(dueReminder(fresh, start - 24 * HOUR)).toBe('24h');
    expect(dueReminder(fresh, start - HOUR - 1)).toBe('24h');
    expect(dueReminder(fresh, start - HOUR)).toBe('1h');
    expect(dueReminder(fresh, start - 1)).toBe('1h');
    expect(dueReminder(fresh, start)).toBeNull();
  });

  it('counts real hours across the clock change: 24 hours before 10:00 on 28 March 2027 is 09:00 the day before', () => {
    expect(dueReminder(fresh, Date.UTC(2027, 2, 27, 9, 0))).toBe('24h');
    expect(dueReminder(fresh, Date.UTC(2027, 2, 27, 8, 59))).toBeNull();
  });

  it('sends each once: a marker set means that reminder is done', () => {
    expect(dueReminder({ ...fresh, reminder24hSentAt: start - 20 * HOUR }, start - 10 * HOUR)).toBeNull();
    expect(dueReminder({ ...fresh, reminder24hSentAt: start - 20 * HOUR }, start - HOUR / 2)).toBe('1h');
    expect(dueReminder({ ...fresh, reminder1hSentAt: start - HOUR / 2 }, start - HOUR / 4)).toBeNull();
  });

  it('sends only the 1-hour reminder when the job missed the 24-hour window', () => {
    expect(dueReminder(fresh, start - HOUR / 2)).toBe('1h');
  });

  it.each(['completed', 'cancelled', 'no_show'] as const)('never reminds a %s booking', (status) => {
    expect(dueReminder({ ...fresh, status }, start - HOUR / 2)).toBeNull();
    expect(dueReminder({ ...fresh, status }, start - 12 * HOUR)).toBeNull();
  });

  it('over any time and state: due only for active bookings in a window whose marker is empty', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BookingStatuses),
        fc.integer({ min: -2 * 24 * HOUR, max: 3 * 24 * HOUR }),
        fc.boolean(),
        fc.boolean(),
        (status, ahead, sent24, sent1) => {
          const booking = { status, start, reminder24hSentAt: sent24 ? 0 : null, reminder1hSentAt: sent1 ? 0 : null };
          const due = dueReminder(booking, start - ahead);
          if (due === null) return;
          expect(['pending', 'confirmed']).toContain(status);
          expect(ahead).toBeGreaterThan(0);
          expect(ahead).toBeLessThanOrEqual(REMINDER_LEAD_MS[due]);
          if (due === '24h') expect(ahead).toBeGreaterThan(REMINDER_LEAD_MS['1h']);
          expect(due === '24h' ? sent24 : sent1).toBe(false);
        },
      ),
    );
  });
});

describe('markersWhenScheduled', () => {
  it('leaves both reminders to come for a booking more than 24 hours ahead (and re-arms a moved one)', () => {
    expect(markersWhenScheduled(start, start - 25 * HOUR)).toEqual({ reminder24hSentAt: null, reminder1hSentAt: null });
  });

  it('counts the confirmation as the 24-hour reminder for a booking made less than 24 hours ahead', () => {
    const now = start - 12 * HOUR;
    expect(markersWhenScheduled(start, now)).toEqual({ reminder24hSentAt: now, reminder1hSentAt: null });
    expect(dueReminder({ ...fresh, ...markersWhenScheduled(start, now) }, now)).toBeNull();
    expect(dueReminder({ ...fresh, ...markersWhenScheduled(start, now) }, start - HOUR)).toBe('1h');
  });

  it('counts it as both within the last hour', () => {
    const now = start - HOUR / 2;
    expect(markersWhenScheduled(start, now)).toEqual({ reminder24hSentAt: now, reminder1hSentAt: now });
  });
});

import { describe, expect, it } from '@jest/globals';
import { bookingDto } from '../../../testing/fixtures';
import { durationText, sessionTime, splitSessions } from './sessions';

const now = new Date('2027-06-10T12:00:00Z');

describe('splitSessions', () => {
  it('puts active sessions not yet over first, soonest first, and the rest after, latest first', () => {
    const later = bookingDto({ id: 'a', preferredDateTime: '2027-06-20T09:00:00Z', endsAt: '2027-06-20T10:00:00Z' });
    const soon = bookingDto({ id: 'b', preferredDateTime: '2027-06-11T09:00:00Z', endsAt: '2027-06-11T10:00:00Z' });
    const running = bookingDto({ id: 'c', preferredDateTime: '2027-06-10T11:30:00Z', endsAt: '2027-06-10T12:30:00Z' });
    const cancelled = bookingDto({ id: 'd', status: 'cancelled', preferredDateTime: '2027-06-12T09:00:00Z' });
    const done = bookingDto({ id: 'e', status: 'completed', preferredDateTime: '2027-06-01T09:00:00Z' });
    const lapsed = bookingDto({ id: 'f', preferredDateTime: '2027-06-09T09:00:00Z', endsAt: '2027-06-09T10:00:00Z' });
    const { upcoming, past } = splitSessions([later, done, cancelled, soon, lapsed, running], now);
    expect(upcoming.map((b) => b.id)).toEqual(['c', 'b', 'a']);
    expect(past.map((b) => b.id)).toEqual(['d', 'f', 'e']);
  });
});

describe('texts', () => {
  it('words durations and UK times', () => {
    expect([durationText(30), durationText(60), durationText(90), durationText(120)]).toEqual([
      '30 minutes',
      '1 hour',
      '1.5 hours',
      '2 hours',
    ]);
    expect(sessionTime({ preferredDateTime: '2027-06-11T08:00:00Z', endsAt: '2027-06-11T09:30:00Z' })).toBe(
      'Friday 11 June 2027, 09:00 to 10:30 (BST)',
    );
    expect(sessionTime({ preferredDateTime: '2027-12-01T08:00:00Z', endsAt: '2027-12-01T09:00:00Z' })).toBe(
      'Wednesday 1 December 2027, 08:00 to 09:00 (GMT)',
    );
  });
});

import { describe, expect, it } from '@jest/globals';
import { countdown, countdownText } from './countdown';

/** A controlled clock: local times, as the dashboard counts in the viewer's time zone. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second);

describe('countdown', () => {
  it('counts days, hours, minutes and seconds when more than a day is left', () => {
    const value = countdown('2027-06-10', at(2027, 6, 7, 13, 45, 30));

    expect(value).toEqual({ kind: 'days', days: 2, hours: 10, minutes: 14, seconds: 30 });
    expect(countdownText(value)).toBe('2 days 10 hours 14 minutes 30 seconds');
  });

  it('ticks down by a second as the clock moves a second', () => {
    expect(countdown('2027-06-10', at(2027, 6, 7, 13, 45, 31))).toMatchObject({ seconds: 29 });
  });

  it('shows whole hours when under a day is left', () => {
    const value = countdown('2027-06-10', at(2027, 6, 9, 14, 30));

    expect(value).toEqual({ kind: 'hours', hours: 10 });
    expect(countdownText(value)).toBe('10 hours to go');
    expect(countdownText(countdown('2027-06-10', at(2027, 6, 9, 23, 30)))).toBe('1 hour to go');
  });

  it('says the exam is today on the exam day, from its first to its last second', () => {
    expect(countdown('2027-06-10', at(2027, 6, 10, 0, 0, 0))).toEqual({ kind: 'today' });
    expect(countdownText(countdown('2027-06-10', at(2027, 6, 10, 23, 59, 59)))).toBe('exam is today. Good luck!');
  });

  it('says the exam has passed from the next day on', () => {
    expect(countdownText(countdown('2027-06-10', at(2027, 6, 11)))).toBe('exam has passed');
    expect(countdown('2027-06-10', at(2028, 1, 1))).toEqual({ kind: 'passed' });
  });

  it('uses singular units for one', () => {
    expect(countdownText(countdown('2027-06-10', at(2027, 6, 8, 22, 58, 59)))).toBe('1 day 1 hour 1 minute 1 second');
  });
});

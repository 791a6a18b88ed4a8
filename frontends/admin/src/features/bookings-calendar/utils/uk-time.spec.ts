import { describe, expect, it } from '@jest/globals';
import {
  clockChangeOf,
  dayLabel,
  shiftWeek,
  ukDateOf,
  ukInstant,
  ukMomentLabel,
  UkTimeMessages,
  ukSpanLabel,
  ukTimeOf,
  weekContaining,
  weekLabel,
  weekStarting,
} from './uk-time';

const utc = (iso: string) => Date.parse(iso);

describe('UK weeks', () => {
  it('runs Monday to Sunday in UK dates', () => {
    const week = weekContaining(utc('2027-03-31T12:00:00Z'));
    expect(week.monday).toBe('2027-03-29');
    expect(week.days).toEqual([
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
      '2027-04-02',
      '2027-04-03',
      '2027-04-04',
    ]);
  });

  it('starts the week of 29 March 2027 at midnight BST, the day after the clocks went forward', () => {
    expect(weekStarting('2027-03-29')).toMatchObject({
      from: '2027-03-28T23:00:00.000Z',
      to: '2027-04-04T23:00:00.000Z',
    });
    // The week before holds the change: 167 hours, from midnight GMT to midnight BST.
    const before = shiftWeek(weekStarting('2027-03-29'), -1);
    expect(before).toMatchObject({
      monday: '2027-03-22',
      from: '2027-03-22T00:00:00.000Z',
      to: '2027-03-28T23:00:00.000Z',
    });
    expect(utc(before.to) - utc(before.from)).toBe(167 * 3_600_000);
  });

  it('gives the weeks that end with the clocks going back (25 October 2026, 31 October 2027) 169 hours', () => {
    const october2026 = weekContaining(utc('2026-10-25T12:00:00Z'));
    expect(october2026).toMatchObject({
      monday: '2026-10-19',
      from: '2026-10-18T23:00:00.000Z',
      to: '2026-10-26T00:00:00.000Z',
    });
    const october2027 = weekContaining(utc('2027-10-31T01:30:00Z'));
    expect(october2027).toMatchObject({
      monday: '2027-10-25',
      from: '2027-10-24T23:00:00.000Z',
      to: '2027-11-01T00:00:00.000Z',
    });
    expect(utc(october2027.to) - utc(october2027.from)).toBe(169 * 3_600_000);
    expect(shiftWeek(october2027, 1)).toMatchObject({ monday: '2027-11-01', from: '2027-11-01T00:00:00.000Z' });
  });

  it('tells which weeks hold a clock change', () => {
    expect(clockChangeOf(weekStarting('2027-03-22'))).toBe('forward');
    expect(clockChangeOf(weekStarting('2027-03-29'))).toBeNull();
    expect(clockChangeOf(weekStarting('2026-10-19'))).toBe('back');
    expect(clockChangeOf(weekStarting('2027-10-25'))).toBe('back');
  });

  it('counts a Sunday 23:30 UTC in summer as Monday 00:30 UK time, in the next week', () => {
    expect(weekContaining(utc('2027-07-04T23:30:00Z')).monday).toBe('2027-07-05');
    expect(weekContaining(utc('2027-01-03T23:30:00Z')).monday).toBe('2026-12-28');
  });

  it('steps across months and years', () => {
    expect(shiftWeek(weekStarting('2026-12-28'), 1).monday).toBe('2027-01-04');
    expect(shiftWeek(weekStarting('2027-03-01'), -1).monday).toBe('2027-02-22');
  });

  it('labels weeks, days and spans in UK time', () => {
    expect(weekLabel(weekStarting('2027-03-29'))).toBe('29 Mar – 4 Apr 2027');
    expect(dayLabel('2027-03-29')).toBe('Mon 29 Mar');
    expect(ukSpanLabel('2027-03-29T08:00:00.000Z', '2027-03-29T09:30:00.000Z')).toBe(
      'Monday 29 March 2027, 09:00–10:30 UK time',
    );
    expect(ukMomentLabel('2027-10-31T01:30:00Z')).toBe('Sunday 31 October 2027, 01:30 UK time');
  });

  it('reads an instant as its UK date and time', () => {
    expect(ukDateOf('2027-06-30T23:30:00Z')).toBe('2027-07-01');
    expect(ukTimeOf('2027-06-30T23:30:00Z')).toBe('00:30');
    expect(ukTimeOf('2027-12-01T09:05:00Z')).toBe('09:05');
  });
});

describe('UK date and time → instant', () => {
  it('reads GMT in winter and BST in summer', () => {
    expect(ukInstant('2027-01-15', '09:00')).toEqual({ ok: true, iso: '2027-01-15T09:00:00.000Z', repeated: false });
    expect(ukInstant('2027-07-15', '09:00')).toEqual({ ok: true, iso: '2027-07-15T08:00:00.000Z', repeated: false });
  });

  it('takes either side of the spring change and refuses the hour it skips (28 March 2027)', () => {
    expect(ukInstant('2027-03-28', '00:30')).toMatchObject({ iso: '2027-03-28T00:30:00.000Z' });
    expect(ukInstant('2027-03-28', '01:30')).toEqual({ ok: false, field: 'time', reason: UkTimeMessages.skipped });
    expect(ukInstant('2027-03-28', '02:00')).toMatchObject({ iso: '2027-03-28T01:00:00.000Z' });
    expect(ukInstant('2027-03-29', '09:00')).toMatchObject({ iso: '2027-03-29T08:00:00.000Z' });
  });

  it('takes the first pass of an hour the autumn change repeats, and says so (31 October 2027)', () => {
    expect(ukInstant('2027-10-31', '01:30')).toEqual({ ok: true, iso: '2027-10-31T00:30:00.000Z', repeated: true });
    expect(ukInstant('2027-10-31', '02:00')).toEqual({ ok: true, iso: '2027-10-31T02:00:00.000Z', repeated: false });
    expect(ukInstant('2026-10-25', '00:59')).toEqual({ ok: true, iso: '2026-10-24T23:59:00.000Z', repeated: false });
  });

  it('refuses what is not a date or a 24-hour time', () => {
    for (const date of ['2027-02-30', '2027-13-01', '29/03/2027', '']) {
      expect(ukInstant(date, '09:00')).toEqual({ ok: false, field: 'date', reason: UkTimeMessages.dateInvalid });
    }
    for (const time of ['24:00', '9:00', '09:60', 'noon']) {
      expect(ukInstant('2027-03-29', time)).toEqual({ ok: false, field: 'time', reason: UkTimeMessages.timeInvalid });
    }
  });
});

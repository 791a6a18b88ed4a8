import { describe, expect, it } from '@jest/globals';
import {
  addLocalDays,
  firstInstantAtOrAfter,
  instantsAt,
  isoWeekday,
  localDateOf,
  localMinutesOf,
  wallClockOf,
} from './zoned-time.js';

const London = 'Europe/London';
const utc = (iso: string) => Date.parse(iso);
const hm = (h: number, m = 0) => h * 60 + m;

describe('London wall clock ↔ UTC', () => {
  it('reads GMT in winter and BST in summer', () => {
    expect(firstInstantAtOrAfter('2027-01-15', hm(9), London)).toBe(utc('2027-01-15T09:00:00Z'));
    expect(firstInstantAtOrAfter('2027-07-15', hm(9), London)).toBe(utc('2027-07-15T08:00:00Z'));
    expect(wallClockOf(utc('2027-07-15T08:00:00Z'), London)).toBe(utc('2027-07-15T09:00:00Z'));
  });

  describe('28 March 2027: the clock jumps from 01:00 to 02:00', () => {
    it('maps the times either side of the jump', () => {
      expect(firstInstantAtOrAfter('2027-03-28', hm(0, 30), London)).toBe(utc('2027-03-28T00:30:00Z'));
      expect(firstInstantAtOrAfter('2027-03-28', hm(2), London)).toBe(utc('2027-03-28T01:00:00Z'));
      expect(firstInstantAtOrAfter('2027-03-28', hm(3), London)).toBe(utc('2027-03-28T02:00:00Z'));
    });

    it('gives a time that does not exist (01:30) the instant of the jump', () => {
      expect(firstInstantAtOrAfter('2027-03-28', hm(1, 30), London)).toBe(utc('2027-03-28T01:00:00Z'));
      expect(firstInstantAtOrAfter('2027-03-28', hm(1), London)).toBe(utc('2027-03-28T01:00:00Z'));
      expect(firstInstantAtOrAfter('2027-03-28', hm(1, 59), London)).toBe(utc('2027-03-28T01:00:00Z'));
    });
  });

  describe('31 October 2027: the clock goes back from 02:00 to 01:00', () => {
    it('gives a time that occurs twice (01:30) its first occurrence, in BST', () => {
      expect(firstInstantAtOrAfter('2027-10-31', hm(1, 30), London)).toBe(utc('2027-10-31T00:30:00Z'));
      expect(firstInstantAtOrAfter('2027-10-31', hm(1), London)).toBe(utc('2027-10-31T00:00:00Z'));
      expect(wallClockOf(utc('2027-10-31T01:30:00Z'), London)).toBe(utc('2027-10-31T01:30:00Z'));
    });

    it('maps the times either side of the change', () => {
      expect(firstInstantAtOrAfter('2027-10-31', hm(0, 30), London)).toBe(utc('2027-10-30T23:30:00Z'));
      expect(firstInstantAtOrAfter('2027-10-31', hm(2), London)).toBe(utc('2027-10-31T02:00:00Z'));
      expect(firstInstantAtOrAfter('2027-10-31', hm(9), London)).toBe(utc('2027-10-31T09:00:00Z'));
    });
  });

  it('lists no instant for a skipped reading, two for a repeated one, one otherwise', () => {
    expect(instantsAt('2027-03-28', hm(1, 30), London)).toEqual([]);
    expect(instantsAt('2027-10-31', hm(1, 30), London)).toEqual([
      utc('2027-10-31T00:30:00Z'),
      utc('2027-10-31T01:30:00Z'),
    ]);
    expect(instantsAt('2026-10-25', hm(1), London)).toEqual([utc('2026-10-25T00:00:00Z'), utc('2026-10-25T01:00:00Z')]);
    expect(instantsAt('2027-03-29', hm(9), London)).toEqual([utc('2027-03-29T08:00:00Z')]);
  });

  it('reads the local time of an instant in minutes after midnight', () => {
    expect(localMinutesOf(utc('2027-07-15T08:05:00Z'), London)).toBe(hm(9, 5));
    expect(localMinutesOf(utc('2027-01-15T08:05:59Z'), London)).toBe(hm(8, 5));
    // Both 01:30s of 31 October 2027.
    expect(localMinutesOf(utc('2027-10-31T00:30:00Z'), London)).toBe(hm(1, 30));
    expect(localMinutesOf(utc('2027-10-31T01:30:00Z'), London)).toBe(hm(1, 30));
    expect(localMinutesOf(utc('2027-06-30T23:00:00Z'), London)).toBe(0);
  });

  it('takes 1440 minutes as the next midnight', () => {
    expect(firstInstantAtOrAfter('2027-07-15', 1440, London)).toBe(utc('2027-07-15T23:00:00Z'));
  });

  it('finds the local date and weekday of an instant', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(localDateOf(utc('2027-06-30T23:30:00Z'), London)).toBe('2027-07-01');
    expect(localDateOf(utc('2027-12-31T23:30:00Z'), London)).toBe('2027-12-31');
    expect(isoWeekday('2027-03-28')).toBe(7);
    expect(isoWeekday('2027-11-01')).toBe(1);
    expect(addLocalDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addLocalDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('refuses a malformed local date', () => {
    expect(() => firstInstantAtOrAfter('28/03/2027', 0, London)).toThrow(RangeError);
  });
});

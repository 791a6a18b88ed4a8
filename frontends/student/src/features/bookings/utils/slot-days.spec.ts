import { describe, expect, it } from '@jest/globals';
import { firstOpenDay, slotDays } from './slot-days';
import { dayLabel, ukDateLabel, ukTime } from './uk-time';

const slot = (start: string, tutorId = 1, tutorName = 'Dr. Ada') => ({
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  tutorId,
  tutorName,
});

const summary = (days: ReturnType<typeof slotDays>) =>
  days.map((day) => ({ day: day.day, times: day.slots.map((s) => ukTime(s.start)), zones: day.zones }));

describe('slotDays around the spring clock change (28 March 2027, 01:00 GMT → 02:00 BST)', () => {
  const days = slotDays({
    earliestStart: '2027-03-26T10:00:00Z',
    latestStart: '2027-03-29T21:00:00Z',
    slots: [
      slot('2027-03-28T23:30:00Z'), // 00:30 BST on Monday 29th: the UK day, not the UTC one
      slot('2027-03-28T09:00:00Z'), // 10:00 BST
      slot('2027-03-28T00:30:00Z'), // 00:30 GMT, before the change
      slot('2027-03-27T23:30:00Z'), // 23:30 GMT on Saturday 27th
    ],
  });

  it('lists every day of the window, those without times too', () => {
    expect(summary(days)).toEqual([
      { day: '2027-03-26', times: [], zones: [] },
      { day: '2027-03-27', times: ['23:30'], zones: ['GMT'] },
      { day: '2027-03-28', times: ['00:30', '10:00'], zones: ['GMT', 'BST'] },
      { day: '2027-03-29', times: ['00:30'], zones: ['BST'] },
    ]);
  });

  it('opens on the first day with a time', () => {
    expect(firstOpenDay(days)).toBe('2027-03-27');
  });
});

describe('slotDays around the autumn clock change (31 October 2027, 02:00 BST → 01:00 GMT)', () => {
  it('keeps the twice-met 01:30 apart by zone, on the UK day', () => {
    const days = slotDays({
      earliestStart: '2027-10-30T12:00:00Z',
      latestStart: '2027-10-31T20:00:00Z',
      slots: [slot('2027-10-31T01:30:00Z', 2, 'Dr. Ben'), slot('2027-10-31T00:30:00Z'), slot('2027-10-30T23:30:00Z')],
    });
    expect(summary(days)).toEqual([
      { day: '2027-10-30', times: [], zones: [] },
      { day: '2027-10-31', times: ['00:30', '01:30', '01:30'], zones: ['BST', 'GMT'] },
    ]);
    expect(days[1]!.slots.map((s) => s.tutorName)).toEqual(['Dr. Ada', 'Dr. Ada', 'Dr. Ben']);
  });
});

describe('slotDays of an empty window', () => {
  it('has no days when the rules leave no start (latest before earliest)', () => {
    expect(slotDays({ earliestStart: '2027-05-10T09:00:00Z', latestStart: '2027-05-09T09:00:00Z', slots: [] })).toEqual(
      [],
    );
  });

  it('has no day to open on when no day has a time', () => {
    const days = slotDays({ earliestStart: '2027-05-10T09:00:00Z', latestStart: '2027-05-11T09:00:00Z', slots: [] });
    expect(days.map((day) => day.day)).toEqual(['2027-05-10', '2027-05-11']);
    expect(firstOpenDay(days)).toBeNull();
  });
});

describe('day labels', () => {
  it('name the UK day', () => {
    expect(dayLabel('2027-03-28')).toBe('Sunday 28 March');
    expect(ukDateLabel('2027-03-28T23:30:00Z')).toBe('Monday 29 March 2027');
  });
});

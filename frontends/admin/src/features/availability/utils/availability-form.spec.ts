import { describe, expect, it } from '@jest/globals';
import { AvailabilityBodySchema, BookingMessages } from '@medtutor/contracts';
import { bodyOf, formOf, problemsOf, quarterHours, timeLabel } from './availability-form';

const saved = {
  weekly: [
    { weekday: 3, startMinute: 840, endMinute: 1440 },
    { weekday: 1, startMinute: 540, endMinute: 720 },
    { weekday: 3, startMinute: 540, endMinute: 600 },
  ],
  exceptions: [
    { date: '2027-10-31', spans: [{ startMinute: 60, endMinute: 180 }] },
    { date: '2027-03-28', spans: [] },
  ],
};

const check = (form: ReturnType<typeof formOf>) => {
  const { body, origins } = bodyOf(form);
  const parsed = AvailabilityBodySchema.safeParse(body);
  return { body, problems: parsed.success ? {} : problemsOf(parsed.error.issues, origins) };
};

describe('availability form ↔ body', () => {
  it('reads the saved availability day by day, spans and dates in order, a date without spans as a day off', () => {
    const form = formOf(saved);
    expect(form.weekly[1]).toEqual([{ startMinute: 540, endMinute: 720 }]);
    expect(form.weekly[3]).toEqual([
      { startMinute: 540, endMinute: 600 },
      { startMinute: 840, endMinute: 1440 },
    ]);
    expect(form.weekly[7]).toEqual([]);
    expect(form.exceptions).toEqual([
      { date: '2027-03-28', off: true, spans: [] },
      { date: '2027-10-31', off: false, spans: [{ startMinute: 60, endMinute: 180 }] },
    ]);
  });

  it('writes the body the schema accepts: weekdays 1–7, minutes, a day off with no spans', () => {
    const form = formOf(saved);
    // Turning the autumn date into a day off drops its hours from the body.
    form.exceptions[1] = { ...form.exceptions[1]!, off: true };
    const { body, problems } = check(form);
    expect(problems).toEqual({});
    expect(body).toEqual({
      weekly: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 3, startMinute: 540, endMinute: 600 },
        { weekday: 3, startMinute: 840, endMinute: 1440 },
      ],
      exceptions: [
        { date: '2027-03-28', spans: [] },
        { date: '2027-10-31', spans: [] },
      ],
    });
  });

  it("puts the contracts' messages on the row they concern", () => {
    const form = formOf(saved);
    form.weekly[3]![1] = { startMinute: 840, endMinute: 780 };
    form.exceptions[0] = { date: '2027-02-30', off: true, spans: [] };
    form.exceptions[1]!.spans.push({ startMinute: 120, endMinute: 240 });
    expect(check(form).problems).toEqual({
      'weekly.3.1': BookingMessages.availabilityOrder,
      'exceptions.0': BookingMessages.dateInvalid,
      'exceptions.1': BookingMessages.availabilityOverlap,
    });
  });

  it('names a weekly overlap for the whole list, and a missing time on its row', () => {
    const form = formOf({ weekly: [], exceptions: [] });
    form.weekly[2] = [
      { startMinute: 540, endMinute: 720 },
      { startMinute: 600, endMinute: 660 },
    ];
    expect(check(form).problems).toEqual({ weekly: BookingMessages.availabilityOverlap });
    form.weekly[2] = [];
    form.weekly[5] = [{ startMinute: null, endMinute: 600 }];
    expect(check(form).problems).toEqual({ 'weekly.5.0': BookingMessages.availabilityStep });
  });
});

describe('time choices', () => {
  it('offers quarter hours, starts from 00:00 and ends up to 24:00', () => {
    expect(quarterHours('start').slice(0, 2)).toEqual([0, 15]);
    expect(quarterHours('start').at(-1)).toBe(1425);
    expect(quarterHours('end')[0]).toBe(15);
    expect(quarterHours('end').at(-1)).toBe(1440);
    expect([timeLabel(555), timeLabel(1440)]).toEqual(['09:15', '24:00']);
  });
});

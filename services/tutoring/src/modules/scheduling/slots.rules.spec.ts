import { describe, expect, it } from '@jest/globals';
import { BookingRules, BookingTimeZone, PerksByPackageType } from '@medtutor/contracts';
import fc from 'fast-check';
import {
  availabilityIntervals,
  bookingWindow,
  freeSlots,
  mergeIntervals,
  overlaps,
  slotProblem,
  type Availability,
  type Interval,
  type SlotContext,
} from './slots.rules.js';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const hm = (h: number, m = 0) => h * 60 + m;
const iso = (ms: number) => new Date(ms).toISOString();
const single = PerksByPackageType.singleSession;

const everyDay = (startMinute: number, endMinute: number): Availability => ({
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute, endMinute })),
  exceptions: [],
});

const contextFor = (overrides: Partial<SlotContext> & Pick<SlotContext, 'now'>): SlotContext => ({
  perks: single,
  paidAt: overrides.now - 7 * DAY,
  durationMinutes: 60,
  available: [],
  busy: [],
  ...overrides,
});

describe('availabilityIntervals', () => {
  it('turns weekly London hours into UTC intervals in winter and summer', () => {
    const availability: Availability = {
      weekly: [{ weekday: 1, startMinute: hm(9), endMinute: hm(12) }],
      exceptions: [],
    };
    expect(
      availabilityIntervals(
        availability,
        { start: utc('2027-01-01T00:00:00Z'), end: utc('2027-01-12T00:00:00Z') },
        BookingTimeZone,
      ),
    ).toEqual([
      { start: utc('2027-01-04T09:00:00Z'), end: utc('2027-01-04T12:00:00Z') },
      { start: utc('2027-01-11T09:00:00Z'), end: utc('2027-01-11T12:00:00Z') },
    ]);
    expect(
      availabilityIntervals(
        availability,
        { start: utc('2027-07-05T00:00:00Z'), end: utc('2027-07-06T00:00:00Z') },
        BookingTimeZone,
      ),
    ).toEqual([{ start: utc('2027-07-05T08:00:00Z'), end: utc('2027-07-05T11:00:00Z') }]);
  });

  it('lets a date exception replace the weekly hours, or close the day', () => {
    const availability: Availability = {
      weekly: [{ weekday: 1, startMinute: hm(9), endMinute: hm(12) }],
      exceptions: [
        { date: '2027-01-04', spans: [{ startMinute: hm(14), endMinute: hm(15) }] },
        { date: '2027-01-11', spans: [] },
      ],
    };
    expect(
      availabilityIntervals(
        availability,
        { start: utc('2027-01-01T00:00:00Z'), end: utc('2027-01-15T00:00:00Z') },
        BookingTimeZone,
      ),
    ).toEqual([{ start: utc('2027-01-04T14:00:00Z'), end: utc('2027-01-04T15:00:00Z') }]);
  });

  it('clips to the range and joins touching spans (a night across midnight)', () => {
    const availability: Availability = {
      weekly: [
        { weekday: 1, startMinute: hm(22), endMinute: 1440 },
        { weekday: 2, startMinute: 0, endMinute: hm(1) },
      ],
      exceptions: [],
    };
    expect(
      availabilityIntervals(
        availability,
        { start: utc('2027-01-04T23:00:00Z'), end: utc('2027-01-06T00:00:00Z') },
        BookingTimeZone,
      ),
    ).toEqual([{ start: utc('2027-01-04T23:00:00Z'), end: utc('2027-01-05T01:00:00Z') }]);
  });

  it('makes 00:00–03:00 on 28 March 2027 two real hours (the clock skips 01:00–02:00)', () => {
    const intervals = availabilityIntervals(
      everyDay(0, hm(3)),
      { start: utc('2027-03-28T00:00:00Z'), end: utc('2027-03-28T12:00:00Z') },
      BookingTimeZone,
    );
    expect(intervals).toEqual([{ start: utc('2027-03-28T00:00:00Z'), end: utc('2027-03-28T02:00:00Z') }]);
  });

  it('makes 00:00–03:00 on 31 October 2027 four real hours (01:00–02:00 happens twice)', () => {
    const intervals = availabilityIntervals(
      everyDay(0, hm(3)),
      { start: utc('2027-10-30T12:00:00Z'), end: utc('2027-10-31T12:00:00Z') },
      BookingTimeZone,
    );
    expect(intervals).toEqual([{ start: utc('2027-10-30T23:00:00Z'), end: utc('2027-10-31T03:00:00Z') }]);
  });

  it('keeps 09:00 London on the days either side of both clock changes', () => {
    const availability = everyDay(hm(9), hm(10));
    const march = availabilityIntervals(
      availability,
      { start: utc('2027-03-27T00:00:00Z'), end: utc('2027-03-29T00:00:00Z') },
      BookingTimeZone,
    );
    expect(march.map((i) => iso(i.start))).toEqual(['2027-03-27T09:00:00.000Z', '2027-03-28T08:00:00.000Z']);
    const october = availabilityIntervals(
      availability,
      { start: utc('2027-10-30T00:00:00Z'), end: utc('2027-11-01T00:00:00Z') },
      BookingTimeZone,
    );
    expect(october.map((i) => iso(i.start))).toEqual(['2027-10-30T08:00:00.000Z', '2027-10-31T09:00:00.000Z']);
  });
});

describe('bookingWindow', () => {
  it.each([
    ['singleSession', 24, 14],
    ['package5', 24, 28],
    ['package10', 12, 28],
  ] as const)('%s: %d hours notice, %d days ahead', (type, noticeHours, horizonDays) => {
    expect(bookingWindow(PerksByPackageType[type])).toEqual({ noticeHours, horizonDays });
  });
});

describe('slotProblem', () => {
  const now = utc('2027-01-04T12:00:00Z');
  const available = [{ start: now, end: now + 40 * DAY }];

  it('accepts a free slot inside availability and the windows', () => {
    expect(slotProblem(now + 2 * DAY, contextFor({ now, available }))).toBeNull();
  });

  it('refuses off-grid starts', () => {
    expect(slotProblem(now + 2 * DAY + 15 * 60_000, contextFor({ now, available }))).toBe('off_grid');
  });

  it('needs 24 hours notice, 12 with flexible scheduling', () => {
    expect(slotProblem(now + 23.5 * HOUR, contextFor({ now, available }))).toBe('too_soon');
    expect(slotProblem(now + 24 * HOUR, contextFor({ now, available }))).toBeNull();
    expect(
      slotProblem(now + 12 * HOUR, contextFor({ now, available, perks: PerksByPackageType.package10 })),
    ).toBeNull();
    expect(slotProblem(now + 11.5 * HOUR, contextFor({ now, available, perks: PerksByPackageType.package10 }))).toBe(
      'too_soon',
    );
  });

  it('offers 2 weeks ahead, 4 with priority booking', () => {
    expect(slotProblem(now + 14 * DAY, contextFor({ now, available }))).toBeNull();
    expect(slotProblem(now + 14 * DAY + HOUR, contextFor({ now, available }))).toBe('beyond_horizon');
    expect(slotProblem(now + 28 * DAY, contextFor({ now, available, perks: PerksByPackageType.package5 }))).toBeNull();
    expect(slotProblem(now + 28 * DAY + HOUR, contextFor({ now, available, perks: PerksByPackageType.package5 }))).toBe(
      'beyond_horizon',
    );
  });

  it('starts no earlier than 48 hours after the payment', () => {
    const paidAt = now - 2 * HOUR;
    expect(slotProblem(now + 30 * HOUR, contextFor({ now, available, paidAt }))).toBe('before_payment_lead');
    expect(slotProblem(paidAt + 48 * HOUR, contextFor({ now, available, paidAt }))).toBeNull();
  });

  it('needs the whole duration inside availability', () => {
    const short = [{ start: now + 2 * DAY, end: now + 2 * DAY + 90 * 60_000 }];
    expect(slotProblem(now + 2 * DAY, contextFor({ now, available: short, durationMinutes: 90 }))).toBeNull();
    expect(slotProblem(now + 2 * DAY, contextFor({ now, available: short, durationMinutes: 120 }))).toBe('unavailable');
  });

  it('refuses a slot overlapping a booking, unless it is the booking being moved', () => {
    const busy = [{ start: now + 2 * DAY + HOUR, end: now + 2 * DAY + 2 * HOUR }];
    expect(slotProblem(now + 2 * DAY + 30 * 60_000, contextFor({ now, available, busy }))).toBe('taken');
    expect(slotProblem(now + 2 * DAY, contextFor({ now, available, busy }))).toBeNull();
    expect(slotProblem(now + 2 * DAY + 2 * HOUR, contextFor({ now, available, busy }))).toBeNull();
    expect(
      slotProblem(
        now + 2 * DAY + 30 * 60_000,
        contextFor({ now, available, busy, ignoreBusy: (b) => b.start === busy[0]!.start }),
      ),
    ).toBeNull();
  });
});

describe('freeSlots', () => {
  it('lists 30-minute starts for a 1.5-hour session around a booking', () => {
    const now = utc('2027-01-01T08:00:00Z');
    const available = availabilityIntervals(
      everyDay(hm(9), hm(13)),
      { start: now, end: now + 14 * DAY },
      BookingTimeZone,
    );
    const busy = [{ start: utc('2027-01-04T10:30:00Z'), end: utc('2027-01-04T11:30:00Z') }];
    const range = { start: utc('2027-01-04T00:00:00Z'), end: utc('2027-01-05T00:00:00Z') };
    expect(freeSlots(range, contextFor({ now, available, busy, durationMinutes: 90 })).map(iso)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-04T11:30:00.000Z',
    ]);
  });

  it('offers London 09:00 across the spring change, and nothing in the skipped hour', () => {
    const now = utc('2027-03-26T00:00:00Z');
    const range = { start: utc('2027-03-27T00:00:00Z'), end: utc('2027-03-29T00:00:00Z') };
    const available = availabilityIntervals(everyDay(hm(9), hm(10)), range, BookingTimeZone);
    expect(freeSlots(range, contextFor({ now, available })).map(iso)).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
    ]);

    const night = availabilityIntervals(everyDay(0, hm(3)), range, BookingTimeZone);
    const onTheDay = freeSlots(
      { start: utc('2027-03-28T00:00:00Z'), end: utc('2027-03-28T12:00:00Z') },
      contextFor({ now, available: night }),
    );
    // 00:00 GMT, 00:30 GMT, then 02:00 BST (01:00Z): two real hours, so three one-hour starts.
    expect(onTheDay.map(iso)).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ]);
  });

  it('offers the repeated hour of the autumn change twice', () => {
    const now = utc('2027-10-28T00:00:00Z');
    const range = { start: utc('2027-10-30T22:00:00Z'), end: utc('2027-10-31T04:00:00Z') };
    const available = availabilityIntervals(everyDay(hm(1), hm(2)), range, BookingTimeZone);
    // 01:00–02:00 London runs from 01:00 BST (00:00Z) to 02:00 GMT (02:00Z): two real hours.
    expect(available).toEqual([{ start: utc('2027-10-31T00:00:00Z'), end: utc('2027-10-31T02:00:00Z') }]);
    expect(freeSlots(range, contextFor({ now, available })).map(iso)).toEqual([
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ]);
  });

  it('starts no slot before the notice when the clock is moved to just before it', () => {
    const available = [{ start: utc('2027-03-28T00:00:00Z'), end: utc('2027-03-30T00:00:00Z') }];
    const now = utc('2027-03-28T00:10:00Z');
    const slots = freeSlots({ start: available[0]!.start, end: available[0]!.end }, contextFor({ now, available }));
    expect(iso(slots[0]!)).toBe('2027-03-29T00:30:00.000Z');
  });
});

describe('freeSlots properties', () => {
  const base = utc('2027-03-20T00:00:00Z');
  const arbitraryInput = fc.record({
    nowOffsetMinutes: fc.integer({ min: 0, max: 20 * 24 * 60 }),
    durationMinutes: fc.constantFrom(60, 90, 120),
    perks: fc.constantFrom(...Object.values(PerksByPackageType)),
    paidBeforeHours: fc.integer({ min: 0, max: 200 }),
    weekly: fc.array(
      fc.record({
        weekday: fc.integer({ min: 1, max: 7 }),
        startMinute: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
        length: fc.integer({ min: 1, max: 40 }).map((q) => q * 15),
      }),
      { maxLength: 6 },
    ),
    bookings: fc.array(
      fc.record({ startHours: fc.integer({ min: 0, max: 60 * 24 }), minutes: fc.constantFrom(30, 60, 90, 120) }),
      { maxLength: 12 },
    ),
  });

  it('never overlaps a booking, never leaves availability, never before the notice or payment lead, never beyond the horizon', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const now = base + input.nowOffsetMinutes * 60_000;
        const range: Interval = { start: now - DAY, end: now + 35 * DAY };
        const availability: Availability = {
          weekly: input.weekly.map((w) => ({
            weekday: w.weekday,
            startMinute: w.startMinute,
            endMinute: Math.min(1440, w.startMinute + w.length),
          })),
          exceptions: [],
        };
        const available = availabilityIntervals(availability, range, BookingTimeZone);
        const busy = input.bookings.map((b) => ({
          start: base + (b.startHours * HOUR) / 2,
          end: base + (b.startHours * HOUR) / 2 + b.minutes * 60_000,
        }));
        const paidAt = now - input.paidBeforeHours * HOUR;
        const context = contextFor({
          now,
          available,
          busy,
          paidAt,
          perks: input.perks,
          durationMinutes: input.durationMinutes,
        });
        const window = bookingWindow(input.perks);
        const slots = freeSlots(range, context);
        for (const start of slots) {
          const slot = { start, end: start + input.durationMinutes * 60_000 };
          expect(busy.some((b) => overlaps(b, slot))).toBe(false);
          expect(available.some((a) => a.start <= slot.start && slot.end <= a.end)).toBe(true);
          expect(start).toBeGreaterThanOrEqual(now + window.noticeHours * HOUR);
          expect(start).toBeGreaterThanOrEqual(paidAt + BookingRules.paymentLeadHours * HOUR);
          expect(start).toBeLessThanOrEqual(now + window.horizonDays * DAY);
          expect(start % (BookingRules.slotStepMinutes * 60_000)).toBe(0);
          expect(slotProblem(start, context)).toBeNull();
        }
        expect(new Set(slots).size).toBe(slots.length);
      }),
      { numRuns: 150 },
    );
  });

  it('merged intervals are sorted and disjoint', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 1000 }), length: fc.integer({ min: 0, max: 100 }) })),
        (raw) => {
          const merged = mergeIntervals(raw.map((r) => ({ start: r.start, end: r.start + r.length })));
          for (let i = 1; i < merged.length; i += 1) expect(merged[i]!.start).toBeGreaterThan(merged[i - 1]!.end);
          for (const r of raw) {
            if (r.length > 0) expect(merged.some((m) => m.start <= r.start && r.start + r.length <= m.end)).toBe(true);
          }
        },
      ),
    );
  });
});

import { describe, expect, it } from '@jest/globals';
import { AvailabilityBodySchema, CreateBookingBodySchema, SlotsQuerySchema } from './bookings-schemas.js';
import { BookingMessages } from './bookings.js';
import { TutorDirectoryMessages } from './tutoring.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('availability body', () => {
  it('accepts weekly hours on the quarter hour and a closed day', () => {
    const body = {
      weekly: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 720, endMinute: 1440 },
      ],
      exceptions: [{ date: '2027-03-28', spans: [] }],
    };
    expect(AvailabilityBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ weekly: [{ weekday: 1, startMinute: 545, endMinute: 720 }], exceptions: [] }, BookingMessages.availabilityStep],
    [{ weekly: [{ weekday: 1, startMinute: 720, endMinute: 540 }], exceptions: [] }, BookingMessages.availabilityOrder],
    [{ weekly: [{ weekday: 8, startMinute: 0, endMinute: 60 }], exceptions: [] }, BookingMessages.weekdayInvalid],
    [
      {
        weekly: [
          { weekday: 2, startMinute: 0, endMinute: 120 },
          { weekday: 2, startMinute: 60, endMinute: 180 },
        ],
        exceptions: [],
      },
      BookingMessages.availabilityOverlap,
    ],
    [{ weekly: [], exceptions: [{ date: '2027-02-30', spans: [] }] }, BookingMessages.dateInvalid],
    [{ weekly: [], exceptions: [{ date: '2027-13-45', spans: [] }] }, BookingMessages.dateInvalid],
  ])('refuses %j with its message', (body, message) => {
    expect(messages(AvailabilityBodySchema.safeParse(body))).toContain(message);
  });
});

describe('slots query and booking body', () => {
  it('takes the durations of the spec only', () => {
    const base = { sessionId: '3', from: '2027-03-27T00:00:00Z', to: '2027-03-30T00:00:00Z' };
    expect(SlotsQuerySchema.parse({ ...base, durationHours: '1.5' })).toMatchObject({
      sessionId: 3,
      durationHours: 1.5,
    });
    expect(messages(SlotsQuerySchema.safeParse({ ...base, durationHours: '3' }))).toContain(
      TutorDirectoryMessages.durationInvalid,
    );
  });

  it('bounds the range', () => {
    const query = { sessionId: 1, durationHours: 1, from: '2027-03-01T00:00:00Z' };
    expect(messages(SlotsQuerySchema.safeParse({ ...query, to: '2027-02-01T00:00:00Z' }))).toContain(
      BookingMessages.rangeOrder,
    );
    expect(messages(SlotsQuerySchema.safeParse({ ...query, to: '2027-05-01T00:00:00Z' }))).toContain(
      BookingMessages.rangeTooLong,
    );
  });

  it('needs a start with its offset, within the calendar years', () => {
    expect(
      CreateBookingBodySchema.safeParse({ sessionId: 1, start: '2027-03-28T01:30:00+01:00', durationHours: 1 }).success,
    ).toBe(true);
    for (const start of ['2027-03-28 01:30', '0001-01-01T00:00:00Z', 'tomorrow']) {
      expect(messages(CreateBookingBodySchema.safeParse({ sessionId: 1, start, durationHours: 1 }))).toContain(
        BookingMessages.startInvalid,
      );
    }
  });
});

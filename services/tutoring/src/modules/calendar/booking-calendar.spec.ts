import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { bookingCalendar, type CalendarBooking, type CalendarOptions, sessionTitle } from './booking-calendar.js';

const booking: CalendarBooking = {
  icsUid: '4b8f0c1e-1111-4a4a-9c9c-000000000001@bookings.medpath',
  icsSequence: 2,
  start: new Date('2026-12-07T17:00:00Z'),
  end: new Date('2026-12-07T18:30:00Z'),
  status: 'confirmed',
  subject: 'UCAT',
  isFreeTrial: false,
  tutorName: 'Daniel Okafor',
  studentName: 'Sam Lee',
  meetingLink: 'https://meet.example/okafor',
  additionalNotes: 'Please focus on decision making; I struggle with syllogisms.',
  createdAt: new Date('2026-11-30T09:15:00Z'),
  updatedAt: new Date('2026-12-01T10:00:00Z'),
};

const options: CalendarOptions = {
  viewer: 'student',
  method: 'REQUEST',
  organizerEmail: 'support@medpath.test',
  stamp: new Date('2026-12-01T10:00:05Z'),
  manageUrl: 'https://medpath.test/my-tutoring',
  attendeeEmail: 'sam@example.com',
};

const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
};
const value = (component: ICAL.Component, name: string) => component.getFirstPropertyValue(name);
const utcTime = (component: ICAL.Component, name: string) => {
  const time = value(component, name) as ICAL.Time;
  // A UTC DATE-TIME (the Z form): no TZID, no floating time.
  expect(time.zone).toBe(ICAL.Timezone.utcTimezone);
  return time.toJSDate().toISOString();
};

describe('bookingCalendar', () => {
  it('writes one VEVENT with every property a calendar needs, times in UTC', () => {
    const text = bookingCalendar([booking], options);
    const { calendar, events } = parse(text);

    expect(value(calendar, 'version')).toBe('2.0');
    expect(value(calendar, 'prodid')).toBe('-//MedPath Tutors//Bookings//EN');
    expect(value(calendar, 'method')).toBe('REQUEST');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(value(event, 'uid')).toBe(booking.icsUid);
    expect(value(event, 'sequence')).toBe(2);
    expect(utcTime(event, 'dtstart')).toBe('2026-12-07T17:00:00.000Z');
    expect(utcTime(event, 'dtend')).toBe('2026-12-07T18:30:00.000Z');
    expect(utcTime(event, 'dtstamp')).toBe('2026-12-01T10:00:05.000Z');
    expect(utcTime(event, 'last-modified')).toBe('2026-12-01T10:00:00.000Z');
    expect(utcTime(event, 'created')).toBe('2026-11-30T09:15:00.000Z');
    expect(value(event, 'status')).toBe('CONFIRMED');
    expect(value(event, 'location')).toBe('https://meet.example/okafor');
    expect(value(event, 'url')).toBe('https://meet.example/okafor');
    const organizer = event.getFirstProperty('organizer')!;
    // The URI scheme is case-insensitive (RFC 3986); ical-generator writes the organiser's in lower case.
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:support@medpath.test');
    expect(organizer.getParameter('cn')).toBe('MedPath Tutors');
    const attendee = event.getFirstProperty('attendee')!;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:sam@example.com');
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(text).toMatch(/\r\n/);
  });

  it("shows the student the tutor's name and the 24-hour rule, never what the student typed", () => {
    const [event] = parse(bookingCalendar([booking], options)).events;
    expect(value(event!, 'summary')).toBe('UCAT tutoring session with Daniel Okafor');
    const text = value(event!, 'description') as string;
    expect(text).toContain('https://meet.example/okafor');
    expect(text).toContain('https://medpath.test/my-tutoring');
    expect(text).toContain('at least 24 hours before the start returns the hours');
    expect(text).not.toContain('Sam Lee');
    expect(text).not.toContain('syllogisms');
  });

  it("shows the tutor the student's name and notes", () => {
    const tutorSide = { ...options, viewer: 'tutor' as const, manageUrl: 'https://medpath.test/tutor' };
    const [event] = parse(bookingCalendar([booking], tutorSide)).events;
    expect(value(event!, 'summary')).toBe('UCAT tutoring session with Sam Lee');
    const text = value(event!, 'description') as string;
    expect(text).toContain('Student: Sam Lee');
    expect(text).toContain('Notes from the student:\nPlease focus on decision making; I struggle with syllogisms.');
    expect(text).toContain('https://medpath.test/tutor');
  });

  it.each([
    ['pending', 'TENTATIVE'],
    ['confirmed', 'CONFIRMED'],
    ['completed', 'CONFIRMED'],
    ['no_show', 'CONFIRMED'],
    ['cancelled', 'CANCELLED'],
  ] as const)('maps a %s booking to STATUS:%s', (status, expected) => {
    const [event] = parse(bookingCalendar([{ ...booking, status }], options)).events;
    expect(value(event!, 'status')).toBe(expected);
  });

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED, the same UID and the raised SEQUENCE, without the meeting link in the text', () => {
    const cancelled = { ...booking, status: 'cancelled' as const, icsSequence: 3 };
    const { calendar, events } = parse(bookingCalendar([cancelled], { ...options, method: 'CANCEL' }));
    expect(value(calendar, 'method')).toBe('CANCEL');
    expect(value(events[0]!, 'uid')).toBe(booking.icsUid);
    expect(value(events[0]!, 'sequence')).toBe(3);
    expect(value(events[0]!, 'status')).toBe('CANCELLED');
    expect(value(events[0]!, 'description')).toContain('This session has been cancelled.');
    expect(value(events[0]!, 'description')).not.toContain('Join the session');
  });

  it('makes a feed: no METHOD, a name and a refresh interval, one event per booking, no attendee', () => {
    const second = { ...booking, icsUid: 'second@bookings.medpath', isFreeTrial: true, meetingLink: null };
    const feed = bookingCalendar([booking, second], {
      ...options,
      method: null,
      attendeeEmail: undefined,
      feed: { name: 'MedPath sessions', refreshSeconds: 3600 },
    });
    const { calendar, events } = parse(feed);
    expect(value(calendar, 'method')).toBeNull();
    expect(value(calendar, 'x-wr-calname')).toBe('MedPath sessions');
    expect(value(calendar, 'x-published-ttl')).toBe('PT1H');
    expect(events.map((event) => value(event, 'uid'))).toEqual([booking.icsUid, 'second@bookings.medpath']);
    expect(events[1]!.getFirstProperty('location')).toBeNull();
    expect(events[1]!.getFirstProperty('attendee')).toBeNull();
    expect(value(events[1]!, 'summary')).toBe('Free trial session with Daniel Okafor');
  });

  it('escapes what people typed, so a note cannot add properties or events', () => {
    const sly = { ...booking, additionalNotes: 'Hi\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil;x,y' };
    const { events } = parse(bookingCalendar([sly], { ...options, viewer: 'tutor' }));
    expect(events).toHaveLength(1);
    expect(value(events[0]!, 'description')).toContain('Hi\nEND:VEVENT\nBEGIN:VEVENT\nUID:evil;x,y');
  });
});

describe('sessionTitle', () => {
  const names = { tutorName: 'Amira Hassan', studentName: 'Sam Lee' };
  it("names the other side: the student sees the tutor's name, the tutor the student's", () => {
    expect(sessionTitle({ ...names, subject: 'UCAT', isFreeTrial: false }, 'student')).toBe(
      'UCAT tutoring session with Amira Hassan',
    );
    expect(sessionTitle({ ...names, subject: 'UCAT', isFreeTrial: false }, 'tutor')).toBe(
      'UCAT tutoring session with Sam Lee',
    );
  });

  it("keeps a free trial's subject (typed on the request form) out of the student's title", () => {
    expect(sessionTitle({ ...names, subject: 'Typed by anyone', isFreeTrial: true }, 'student')).toBe(
      'Free trial session with Amira Hassan',
    );
    expect(sessionTitle({ ...names, subject: 'UCAT', isFreeTrial: true }, 'tutor')).toBe(
      'Free trial (UCAT) with Sam Lee',
    );
  });
});

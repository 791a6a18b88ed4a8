import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import type { CalendarBooking } from './booking-calendar.js';
import { type BookingNotice, bookingEmails, durationText, ukTime } from './booking-emails.js';

const booking: CalendarBooking = {
  icsUid: 'b-1@bookings.medpath',
  icsSequence: 0,
  start: new Date('2026-12-07T17:00:00Z'),
  end: new Date('2026-12-07T18:30:00Z'),
  status: 'confirmed',
  subject: 'UCAT',
  isFreeTrial: false,
  tutorName: 'Daniel Okafor',
  studentName: 'Sam Lee',
  meetingLink: 'https://meet.example/okafor',
  additionalNotes: 'Syllogisms please',
  createdAt: new Date('2026-11-30T09:00:00Z'),
  updatedAt: new Date('2026-11-30T09:00:00Z'),
};
const recipients = { studentEmail: 'sam@example.com', tutorEmail: 'daniel@medpath.test' };
const settings = { publicBaseUrl: 'https://medpath.test', supportEmail: 'support@medpath.test', now: new Date() };

const emailsFor = (notice: BookingNotice, overrides: Partial<CalendarBooking> = {}) => {
  const [student, tutor, ...more] = bookingEmails({ ...booking, ...overrides }, notice, recipients, settings);
  expect(more).toEqual([]);
  return { student: student!, tutor };
};
const calendarOf = (email: { attachments?: { content: string }[] }) => {
  const calendar = new ICAL.Component(ICAL.parse(email.attachments![0]!.content));
  return { calendar, event: calendar.getFirstSubcomponent('vevent')! };
};

describe('ukTime', () => {
  it('shows London time with the zone named, in winter (GMT) and in summer (BST)', () => {
    expect(ukTime(new Date('2026-12-07T17:00:00Z'))).toBe('Monday 7 December 2026, 17:00 (UK time)');
    expect(ukTime(new Date('2027-07-05T08:05:00Z'))).toBe('Monday 5 July 2027, 09:05 (UK time)');
  });

  it('shows the first hour after the spring change, and both passes of the autumn hour', () => {
    expect(ukTime(new Date('2027-03-28T01:00:00Z'))).toBe('Sunday 28 March 2027, 02:00 (UK time)');
    expect(ukTime(new Date('2027-10-31T00:30:00Z'))).toBe('Sunday 31 October 2027, 01:30 (UK time)');
    expect(ukTime(new Date('2027-10-31T01:30:00Z'))).toBe('Sunday 31 October 2027, 01:30 (UK time)');
  });
});

describe('durationText', () => {
  it.each([
    [20, '20 minutes'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [120, '2 hours'],
  ])('%i minutes read "%s"', (minutes, text) => expect(durationText(minutes)).toBe(text));
});

describe('bookingEmails', () => {
  it('confirms a booking to both sides with an invitation (METHOD:REQUEST) each', () => {
    const { student, tutor } = emailsFor({ kind: 'booked' });

    expect(student.to).toBe('sam@example.com');
    expect(student.subject).toBe(
      'Booked: UCAT tutoring session with Daniel Okafor, Monday 7 December 2026, 17:00 (UK time)',
    );
    expect(student.text).toContain('When: Monday 7 December 2026, 17:00 (UK time), 1 hour 30 minutes');
    expect(student.text).toContain('Join the session here: https://meet.example/okafor');
    expect(student.text).toContain('https://medpath.test/my-tutoring');
    expect(student.text).toContain('at least 24 hours before the start is free');
    expect(student.attachments?.[0]).toMatchObject({
      filename: 'session.ics',
      contentType: 'text/calendar; method=REQUEST',
    });
    const { calendar, event } = calendarOf(student);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe('b-1@bookings.medpath');
    expect(event.getFirstPropertyValue('summary')).toBe('UCAT tutoring session with Daniel Okafor');

    expect(tutor!.to).toBe('daniel@medpath.test');
    expect(tutor!.subject).toBe(
      'New booking: UCAT tutoring session with Sam Lee, Monday 7 December 2026, 17:00 (UK time)',
    );
    expect(tutor!.text).toMatch(/^Hello Daniel Okafor,/);
    expect(tutor!.text).toContain('Notes from the student:\nSyllogisms please');
    expect(tutor!.text).toContain('https://medpath.test/tutor');
    expect(calendarOf(tutor!).event.getFirstPropertyValue('summary')).toBe('UCAT tutoring session with Sam Lee');
  });

  it("never puts what the student typed (their name, their notes) into the student's email", () => {
    const notices: BookingNotice[] = [
      { kind: 'booked' },
      { kind: 'moved', previousStart: new Date('2026-12-06T17:00:00Z') },
      { kind: 'cancelled', by: 'tutor', hoursOutcome: 'returned' },
      { kind: 'no_show' },
      { kind: 'reminder', before: '24h' },
      { kind: 'reminder', before: '1h' },
    ];
    for (const notice of notices) {
      for (const isFreeTrial of [false, true]) {
        const { student } = emailsFor(notice, { isFreeTrial, subject: isFreeTrial ? 'Typed on the form' : 'UCAT' });
        const everything = [
          student.subject,
          student.text,
          student.html,
          ...(student.attachments ?? []).map((a) => a.content),
        ];
        for (const part of everything) {
          expect(part).not.toContain('Sam Lee');
          expect(part).not.toContain('Syllogisms');
          expect(part).not.toContain('Typed on the form');
        }
        expect(student.text).toMatch(/^Hello,/);
      }
    }
  });

  it('tells both sides of a move, with the old and the new time and the raised SEQUENCE', () => {
    const { student, tutor } = emailsFor(
      { kind: 'moved', previousStart: new Date('2026-12-06T17:00:00Z') },
      { icsSequence: 1 },
    );
    expect(student.subject).toMatch(/^Moved: UCAT tutoring session with Daniel Okafor, now Monday 7 December 2026/);
    expect(student.text).toContain('It was on Sunday 6 December 2026, 17:00 (UK time).');
    expect(tutor!.text).toContain('New time: Monday 7 December 2026, 17:00 (UK time), 1 hour 30 minutes');
    expect(calendarOf(student).event.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, saying who cancelled and what happened to the hours', () => {
    const late = emailsFor(
      { kind: 'cancelled', by: 'student', hoursOutcome: 'used' },
      { status: 'cancelled', icsSequence: 1 },
    );
    expect(late.student.text).toContain('has been cancelled at your request');
    expect(late.student.text).toContain('its hours have been used');
    expect(late.tutor!.text).toContain('has been cancelled by the student');
    expect(late.student.attachments?.[0]).toMatchObject({ contentType: 'text/calendar; method=CANCEL' });
    const { calendar, event } = calendarOf(late.tutor!);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('sequence')).toBe(1);

    const byTutor = emailsFor({ kind: 'cancelled', by: 'tutor', hoursOutcome: 'returned' }, { status: 'cancelled' });
    expect(byTutor.student.text).toContain('cancelled by your tutor');
    expect(byTutor.student.text).toContain('The hours have been returned to your package.');
    expect(byTutor.tutor!.text).toContain('cancelled at your request');
    expect(emailsFor({ kind: 'cancelled', by: 'admin', hoursOutcome: 'returned' }).student.text).toContain(
      'cancelled by our team',
    );
  });

  it('tells only the student of a no-show, without an attachment', () => {
    const emails = bookingEmails(booking, { kind: 'no_show' }, recipients, settings);
    expect(emails.map((email) => email.to)).toEqual(['sam@example.com']);
    expect(emails[0]!.text).toContain('a missed session uses its hours');
    expect(emails[0]).not.toHaveProperty('attachments');
  });

  it('reminds both sides without an attachment; the 24-hour one says a cancellation now uses the hours', () => {
    const day = emailsFor({ kind: 'reminder', before: '24h' });
    expect(day.student.subject).toMatch(/^Reminder: UCAT tutoring session with Daniel Okafor, Monday/);
    expect(day.student.text).toContain('is coming up');
    expect(day.student.text).toContain("with less than 24 hours' notice the session's hours are used");
    expect(day.student).not.toHaveProperty('attachments');
    expect(day.tutor!.text).toContain('Syllogisms please');
    const hour = emailsFor({ kind: 'reminder', before: '1h' });
    expect(hour.student.text).toContain('starts in about an hour');
    expect(hour.student.text).not.toContain('notice');
  });

  it('writes to a free-trial student through support, and to nobody without an address', () => {
    const trial = emailsFor({ kind: 'booked' }, { isFreeTrial: true });
    expect(trial.student.text).toContain('Free trial session with Daniel Okafor is booked');
    expect(trial.student.text).toContain('please let us know at support@medpath.test');
    expect(trial.student.text).not.toContain('/my-tutoring');
    expect(trial.tutor!.subject).toMatch(/^New booking: Free trial \(UCAT\) with Sam Lee/);

    expect(bookingEmails(booking, { kind: 'booked' }, { studentEmail: '', tutorEmail: null }, settings)).toEqual([]);
  });

  it('escapes HTML in the names and notes it carries', () => {
    const { tutor } = emailsFor(
      { kind: 'booked' },
      { studentName: '<b>Sam</b>', additionalNotes: '<script>x</script>' },
    );
    expect(tutor!.html).toContain('&lt;b&gt;Sam&lt;/b&gt;');
    expect(tutor!.html).not.toContain('<script>');
  });
});

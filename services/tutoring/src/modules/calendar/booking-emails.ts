import { type BookingActor, BookingRules, BookingTimeZone } from '@medtutor/contracts';
import { htmlPage, type MailAttachment, type MailMessage } from '@medtutor/nest-kit';
import { bookingCalendar, type CalendarBooking, type CalendarViewer, sessionTitle } from './booking-calendar.js';

/**
 * The emails a booking's changes send, to the student and to the tutor, as plain functions of the
 * booking. Texts are fixed apart from the booking's facts. The rule of `booking-calendar.ts` holds
 * here too: what a student typed (their name, their notes) goes only to the tutor; the student's own
 * emails name the tutor, the subject and the time, and greet nobody by name.
 */
export type BookingNotice =
  | { kind: 'booked' }
  | { kind: 'moved'; previousStart: Date }
  | { kind: 'cancelled'; by: BookingActor; hoursOutcome: 'returned' | 'used' | null }
  | { kind: 'no_show' }
  | { kind: 'reminder'; before: '24h' | '1h' };

export interface NoticeRecipients {
  /** The booking's student address; '' or null sends the student nothing (a trial request without one). */
  studentEmail: string | null;
  /** The tutor's sign-in address, when tutoring knows it (tutor_invited.v1); null sends the tutor nothing. */
  tutorEmail: string | null;
}

export interface NoticeSettings {
  /** The site's origin, for links to the dashboard and the tutor portal. */
  publicBaseUrl: string;
  /** The support address: the sessions' organiser and where students without an account write. */
  supportEmail: string;
  /** DTSTAMP of the attached calendars. */
  now: Date;
}

const SIGNATURE = 'MedPath Tutors';
const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: BookingTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Monday 7 December 2026, 17:00 (UK time)": London wall-clock time, the zone named. */
export function ukTime(instant: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    UK_TIME.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (UK time)`;
}

/** "1 hour", "1 hour 30 minutes", "2 hours", "20 minutes". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`;
  const minutesText = rest === 0 ? '' : `${rest} minutes`;
  return [hoursText, minutesText].filter(Boolean).join(' ');
}

const minutesOf = (booking: CalendarBooking) => Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);

const message = (to: string, subject: string, lines: string[], attachments: MailAttachment[]): MailMessage => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: htmlPage(lines),
  ...(attachments.length ? { attachments } : {}),
});

/** An invitation (REQUEST) or cancellation (CANCEL) of this one booking, for the viewer's side. */
function invitation(
  booking: CalendarBooking,
  viewer: CalendarViewer,
  to: string,
  method: 'REQUEST' | 'CANCEL',
  settings: NoticeSettings,
): MailAttachment {
  const content = bookingCalendar([booking], {
    viewer,
    method,
    organizerEmail: settings.supportEmail,
    stamp: settings.now,
    manageUrl: manageUrl(viewer, settings),
    attendeeEmail: to,
  });
  return {
    filename: method === 'CANCEL' ? 'cancelled-session.ics' : 'session.ics',
    contentType: `text/calendar; method=${method}`,
    content,
  };
}

/** Where each side manages its bookings: the student dashboard or the tutor portal. */
export const manageUrl = (viewer: CalendarViewer, settings: Pick<NoticeSettings, 'publicBaseUrl'>) =>
  `${settings.publicBaseUrl}${viewer === 'student' ? '/my-tutoring' : '/tutor'}`;

const attachmentOf = (notice: BookingNotice): 'REQUEST' | 'CANCEL' | null =>
  notice.kind === 'booked' || notice.kind === 'moved' ? 'REQUEST' : notice.kind === 'cancelled' ? 'CANCEL' : null;

const whoCancelled = (by: BookingActor, viewer: CalendarViewer): string => {
  if (by === viewer) return 'at your request';
  if (by === 'admin') return 'by our team';
  return by === 'tutor' ? 'by your tutor' : 'by the student';
};

function studentLines(booking: CalendarBooking, notice: BookingNotice, settings: NoticeSettings): string[] {
  const title = sessionTitle(booking, 'student');
  const when = `When: ${ukTime(booking.start)}, ${durationText(minutesOf(booking))}`;
  const join = booking.meetingLink
    ? `Join the session here: ${booking.meetingLink}`
    : 'Your tutor will send you the link to join before the session.';
  const manage = booking.isFreeTrial
    ? `If you can no longer make it, please let us know at ${settings.supportEmail}.`
    : `You can cancel or move it from your dashboard: ${manageUrl('student', settings)}. Cancelling at least ${BookingRules.freeCancellationHours} hours before the start is free and returns the hours to your package; later cancellations and missed sessions use them, as our terms say.`;
  switch (notice.kind) {
    case 'booked':
      return [`Your ${title} is booked.`, when, join, 'The invitation attached adds it to your calendar.', manage];
    case 'moved':
      return [
        `Your ${title} has moved. It was on ${ukTime(notice.previousStart)}.`,
        `New time: ${ukTime(booking.start)}, ${durationText(minutesOf(booking))}`,
        join,
        'The invitation attached updates your calendar.',
        manage,
      ];
    case 'cancelled':
      return [
        `Your ${title} on ${ukTime(booking.start)} has been cancelled ${whoCancelled(notice.by, 'student')}.`,
        ...(notice.hoursOutcome === 'returned' ? ['The hours have been returned to your package.'] : []),
        ...(notice.hoursOutcome === 'used'
          ? [
              `As it was cancelled less than ${BookingRules.freeCancellationHours} hours before the start, its hours have been used, as our terms say.`,
            ]
          : []),
        'The attachment removes it from your calendar.',
        ...(booking.isFreeTrial
          ? []
          : [`You can book another time from your dashboard: ${manageUrl('student', settings)}`]),
      ];
    case 'no_show':
      return [
        `Your tutor marked that you did not join your ${title} on ${ukTime(booking.start)}.`,
        'As our terms say, a missed session uses its hours.',
        `If something went wrong, please write to us at ${settings.supportEmail}.`,
      ];
    case 'reminder':
      return [
        notice.before === '24h'
          ? `A reminder: your ${title} is coming up.`
          : `A reminder: your ${title} starts in about an hour.`,
        when,
        join,
        ...(notice.before === '24h' && !booking.isFreeTrial
          ? [
              `Plans changed? You can still cancel from your dashboard (${manageUrl('student', settings)}), but with less than ${BookingRules.freeCancellationHours} hours' notice the session's hours are used.`,
            ]
          : []),
      ];
  }
}

function tutorLines(booking: CalendarBooking, notice: BookingNotice, settings: NoticeSettings): string[] {
  const title = sessionTitle(booking, 'tutor');
  const when = `When: ${ukTime(booking.start)}, ${durationText(minutesOf(booking))}`;
  const room = booking.meetingLink
    ? `Your meeting room: ${booking.meetingLink}`
    : 'Your meeting room is not set: please send the student the link to join.';
  const notes = booking.additionalNotes ? [`Notes from the student:\n${booking.additionalNotes}`] : [];
  const portal = `Your bookings are in the tutor portal: ${manageUrl('tutor', settings)}`;
  switch (notice.kind) {
    case 'booked':
      return [`New booking: ${title}.`, when, room, ...notes, portal];
    case 'moved':
      return [
        `${title} has moved. It was on ${ukTime(notice.previousStart)}.`,
        `New time: ${ukTime(booking.start)}, ${durationText(minutesOf(booking))}`,
        room,
        portal,
      ];
    case 'cancelled':
      return [`${title} on ${ukTime(booking.start)} has been cancelled ${whoCancelled(notice.by, 'tutor')}.`, portal];
    case 'no_show':
      return [];
    case 'reminder':
      return [
        notice.before === '24h'
          ? `A reminder: ${title} is coming up.`
          : `A reminder: ${title} starts in about an hour.`,
        when,
        room,
        ...notes,
      ];
  }
}

function subjectOf(booking: CalendarBooking, notice: BookingNotice, viewer: CalendarViewer): string {
  const what = sessionTitle(booking, viewer);
  const when = ukTime(booking.start);
  switch (notice.kind) {
    case 'booked':
      return `${viewer === 'student' ? 'Booked' : 'New booking'}: ${what}, ${when}`;
    case 'moved':
      return `Moved: ${what}, now ${when}`;
    case 'cancelled':
      return `Cancelled: ${what}, ${when}`;
    case 'no_show':
      return `Missed: ${what}, ${when}`;
    case 'reminder':
      return `Reminder: ${what}, ${when}`;
  }
}

/**
 * The emails for one notice: the student's and the tutor's (when each has an address and the notice
 * concerns them), with the session's .ics for a booking, a move (REQUEST) or a cancellation (CANCEL).
 * A no-show is told to the student only: the tutor or an admin marked it.
 */
export function bookingEmails(
  booking: CalendarBooking,
  notice: BookingNotice,
  recipients: NoticeRecipients,
  settings: NoticeSettings,
): MailMessage[] {
  const method = attachmentOf(notice);
  const emails: MailMessage[] = [];
  const sides: [CalendarViewer, string | null, typeof studentLines][] = [
    ['student', recipients.studentEmail, studentLines],
    ['tutor', recipients.tutorEmail, tutorLines],
  ];
  for (const [viewer, to, linesOf] of sides) {
    if (!to) continue;
    const body = linesOf(booking, notice, settings);
    if (body.length === 0) continue;
    const greeting = viewer === 'tutor' && booking.tutorName ? `Hello ${booking.tutorName},` : 'Hello,';
    emails.push(
      message(
        to,
        subjectOf(booking, notice, viewer),
        [greeting, ...body, SIGNATURE],
        method ? [invitation(booking, viewer, to, method, settings)] : [],
      ),
    );
  }
  return emails;
}

import { BookingRules, type BookingStatus } from '@medtutor/contracts';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * Bookings as an RFC 5545 calendar, for the .ics files of booking emails and for the private feeds.
 * Pure: the same bookings, viewer and options always give the same text.
 *
 * - UID is the booking's stable `icsUid`, SEQUENCE its `icsSequence` (raised by every move and by
 *   cancellation), so a calendar updates the event it has instead of adding another.
 * - Times are UTC (no VTIMEZONE needed); the texts people read name London time.
 * - Each side sees the other: the student the tutor's name, the tutor the student's. Nothing a
 *   student typed (their name, their notes) is in the student's calendar: it is mailed to the
 *   student's address, which nobody has verified. The tutor's has both: the tutor needs them.
 */
export interface CalendarBooking {
  icsUid: string;
  icsSequence: number;
  start: Date;
  end: Date;
  status: BookingStatus;
  subject: string;
  isFreeTrial: boolean;
  tutorName: string;
  studentName: string;
  meetingLink: string | null;
  additionalNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CalendarViewer = 'student' | 'tutor';

export interface CalendarOptions {
  viewer: CalendarViewer;
  /** REQUEST (a new or changed booking) or CANCEL for an email's .ics; none for a feed. */
  method: 'REQUEST' | 'CANCEL' | null;
  /** The business's support address: the organiser of every session. */
  organizerEmail: string;
  /** DTSTAMP: when this calendar was made. */
  stamp: Date;
  /** Where the viewer manages bookings (the dashboard or the tutor portal). */
  manageUrl: string;
  /** The email's recipient, listed as the attendee an invitation is for. */
  attendeeEmail?: string;
  /** A feed's name (X-WR-CALNAME) and how often subscribers should fetch it again (seconds). */
  feed?: { name: string; refreshSeconds: number };
}

export const ORGANIZER_NAME = 'MedPath Tutors';
export const CALENDAR_PRODUCT = { company: 'MedPath Tutors', product: 'Bookings', language: 'EN' } as const;

const STATUS: Record<BookingStatus, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  // The slot was held and the hours used: it stays in the calendar as it was.
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * "UCAT tutoring session with Daniel Okafor" (the student's), "UCAT tutoring session with Sam Lee"
 * (the tutor's). A free trial's subject is what the visitor typed on the request form, so only the
 * tutor's title carries it: "Free trial (UCAT) with Sam Lee", the student's "Free trial session with
 * Daniel Okafor".
 */
export function sessionTitle(
  booking: Pick<CalendarBooking, 'subject' | 'isFreeTrial' | 'tutorName' | 'studentName'>,
  viewer: CalendarViewer,
): string {
  if (viewer === 'student') {
    return `${booking.isFreeTrial ? 'Free trial session' : `${booking.subject} tutoring session`} with ${booking.tutorName}`;
  }
  return `${booking.isFreeTrial ? `Free trial (${booking.subject})` : `${booking.subject} tutoring session`} with ${booking.studentName}`;
}

function description(booking: CalendarBooking, options: CalendarOptions): string {
  const lines: string[] = [];
  if (booking.status === 'cancelled') lines.push('This session has been cancelled.');
  if (options.viewer === 'tutor') {
    lines.push(`Student: ${booking.studentName}`);
    if (booking.additionalNotes) lines.push(`Notes from the student:\n${booking.additionalNotes}`);
  }
  if (booking.meetingLink && booking.status !== 'cancelled') lines.push(`Join the session: ${booking.meetingLink}`);
  lines.push(
    options.viewer === 'student'
      ? `Cancel or move it from your dashboard: ${options.manageUrl}\nCancelling at least ${BookingRules.freeCancellationHours} hours before the start returns the hours; later cancellations and missed sessions use them.`
      : `Your bookings: ${options.manageUrl}`,
  );
  return lines.join('\n\n');
}

/** The calendar text (CRLF lines, folded at 75 octets by ical-generator). */
export function bookingCalendar(bookings: readonly CalendarBooking[], options: CalendarOptions): string {
  const calendar = ical({
    prodId: CALENDAR_PRODUCT,
    method: options.method === null ? null : ICalCalendarMethod[options.method],
    name: options.feed?.name ?? null,
    ttl: options.feed?.refreshSeconds ?? null,
  });
  for (const booking of bookings) {
    calendar.createEvent({
      id: booking.icsUid,
      sequence: booking.icsSequence,
      start: booking.start,
      end: booking.end,
      stamp: options.stamp,
      created: booking.createdAt,
      lastModified: booking.updatedAt,
      summary: sessionTitle(booking, options.viewer),
      description: description(booking, options),
      location: booking.meetingLink,
      url: booking.meetingLink,
      status: STATUS[booking.status],
      organizer: { name: ORGANIZER_NAME, email: options.organizerEmail },
      attendees: options.attendeeEmail ? [{ email: options.attendeeEmail, rsvp: false }] : [],
    });
  }
  return calendar.toString();
}

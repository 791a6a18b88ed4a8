import { Inject, Injectable } from '@nestjs/common';
import type { BookingStatus } from '@medtutor/contracts';
import type { MailMessage } from '@medtutor/nest-kit';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import type { Booking } from '../../generated/prisma/client.js';
import { Clock } from '../../infra/clock.js';
import { bookingCalendar, type CalendarBooking, type CalendarViewer } from './booking-calendar.js';
import { type BookingNotice, bookingEmails, manageUrl } from './booking-emails.js';

/** A booking row as the calendar and the emails read it. */
export const calendarBookingOf = (row: Booking): CalendarBooking => ({
  icsUid: row.icsUid,
  icsSequence: row.icsSequence,
  start: row.preferredDateTime,
  end: row.endsAt,
  // Written only through booking.lifecycle.ts and the table's CHECK constraint.
  status: row.status as BookingStatus,
  subject: row.subject,
  isFreeTrial: row.isFreeTrial,
  tutorName: row.tutorAssigned ?? 'your tutor',
  studentName: row.studentName,
  meetingLink: row.meetingLink,
  additionalNotes: row.additionalNotes,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** How often subscribed calendars should fetch a feed again. */
export const FEED_REFRESH_SECONDS = 3_600;

/** The pure calendar and email builders with this service's settings (links, support address, clock). */
@Injectable()
export class BookingNotices {
  constructor(
    @Inject(TUTORING_CONFIG) private readonly config: TutoringConfig,
    private readonly clock: Clock,
  ) {}

  /** The emails of `notice`, made from the row as the transaction wrote it. */
  mailsFor(notice: BookingNotice, tutorEmail: string | null): (row: Booking) => MailMessage[] {
    return (row) =>
      bookingEmails(
        calendarBookingOf(row),
        notice,
        { studentEmail: row.studentEmail || null, tutorEmail },
        {
          publicBaseUrl: this.config.publicBaseUrl,
          supportEmail: this.config.supportEmail,
          now: new Date(this.clock.now()),
        },
      );
  }

  /** A private feed of the viewer's bookings. */
  feed(rows: Booking[], viewer: CalendarViewer): string {
    return bookingCalendar(rows.map(calendarBookingOf), {
      viewer,
      method: null,
      organizerEmail: this.config.supportEmail,
      stamp: new Date(this.clock.now()),
      manageUrl: manageUrl(viewer, this.config),
      feed: { name: 'MedPath Tutors sessions', refreshSeconds: FEED_REFRESH_SECONDS },
    });
  }

  /** The URL of a feed token. */
  feedUrl(token: string): string {
    return `${this.config.publicBaseUrl}/api/calendar/${token}.ics`;
  }
}

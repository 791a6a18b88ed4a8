import type { BookingActor, BookingDto, BookingStatus } from '@medtutor/contracts';
import type { Booking } from '../../generated/prisma/client.js';
import { decimalHours } from '../shared/hours.js';
import type { BookingState } from './booking.lifecycle.js';

/**
 * A booking as its viewer sees it: a tutor gets the student's name but not their email (the team
 * and the student keep that; tutors reach students through the platform).
 */
export function toBookingDto(row: Booking, viewer: 'student' | 'tutor' | 'admin' = 'admin'): BookingDto {
  return {
    id: row.id,
    studentName: row.studentName,
    studentEmail: viewer === 'tutor' ? null : row.studentEmail,
    subject: row.subject,
    duration: row.duration,
    preferredDateTime: row.preferredDateTime.toISOString(),
    endsAt: row.endsAt.toISOString(),
    additionalNotes: row.additionalNotes,
    isFreeTrial: row.isFreeTrial,
    price: decimalHours(row.price),
    currency: row.currency,
    // Written only through booking.lifecycle.ts and the table's CHECK constraint.
    status: row.status as BookingStatus,
    tutorAssigned: row.tutorAssigned,
    calendlyLink: row.calendlyLink,
    meetingLink: row.meetingLink,
    tutorId: row.tutorId,
    sessionId: row.packageId,
    studentUserId: row.studentUserId,
    reservedHours: decimalHours(row.reservedHours),
    hoursOutcome: row.hoursOutcome as BookingDto['hoursOutcome'],
    icsUid: row.icsUid,
    icsSequence: row.icsSequence,
    bookedBy: row.bookedBy as BookingActor,
    cancelledBy: row.cancelledBy as BookingActor | null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the lifecycle's transitions read of a booking row. */
export const bookingStateOf = (booking: Booking): BookingState => ({
  status: booking.status as BookingStatus,
  start: booking.preferredDateTime.getTime(),
  durationMinutes: booking.duration,
  reservedHours: decimalHours(booking.reservedHours),
  icsSequence: booking.icsSequence,
});

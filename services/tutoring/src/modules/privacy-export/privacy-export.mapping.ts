import type { ExportedConsultation, TutoringExport } from '@medtutor/contracts';
import type { Consultation } from '../../generated/prisma/client.js';
import { toBookingDto } from '../bookings/booking.mapping.js';
import { toLedgerEntryDto, toPackageDto } from '../packages/package.mapping.js';
import { toTutorDto } from '../tutors/tutors.service.js';
import type { TutoringRecords } from './privacy-export.repository.js';

export const toExportedConsultation = (row: Consultation): ExportedConsultation => ({
  id: row.id,
  kind: row.isFreeTrial ? 'free-trial' : 'consultation',
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  subjectInterest: row.subjectInterest,
  additionalInfo: row.additionalInfo,
  isParent: row.isParent,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Tutoring's section: packages with their ledgers, bookings as the student sees them, requests sent
 * with the account's address, the calendar feed's state (never its token hash), the name copy, a
 * tutor's directory entry. A tutor's own teaching bookings are not in it: they are the students' data.
 */
export function toTutoringExport(records: TutoringRecords): TutoringExport {
  const feed = records.calendarFeed;
  return {
    packages: records.packages.map((row) => ({ ...toPackageDto(row), ledger: row.ledger.map(toLedgerEntryDto) })),
    bookings: records.bookings.map((row) => toBookingDto(row, 'student')),
    consultations: records.consultations.map(toExportedConsultation),
    calendarFeed: feed
      ? {
          active: feed.tokenHash !== null && feed.revokedAt === null,
          createdAt: feed.createdAt.toISOString(),
          revokedAt: feed.revokedAt?.toISOString() ?? null,
        }
      : null,
    studentName: records.studentName,
    tutorProfile: records.tutor ? { ...toTutorDto(records.tutor), loginEmail: records.tutor.loginEmail } : null,
    emailsSent: records.emails,
  };
}

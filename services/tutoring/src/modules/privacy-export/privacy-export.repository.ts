import { Injectable } from '@nestjs/common';
import type { ExportedEmail } from '@medtutor/contracts';
import { emailsSentTo } from '@medtutor/nest-kit';
import type {
  Booking,
  CalendarFeed,
  Consultation,
  HoursLedgerEntry,
  HoursPackage,
  Tutor,
} from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** Everything tutoring holds about one user, as rows. */
export interface TutoringRecords {
  packages: Array<HoursPackage & { ledger: HoursLedgerEntry[] }>;
  bookings: Booking[];
  consultations: Consultation[];
  calendarFeed: CalendarFeed | null;
  studentName: string | null;
  tutor: Tutor | null;
  emails: ExportedEmail[];
}

/** The only file of the export module that touches the database. */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * `emailKey` is the normalised address: consultations store theirs that way; bookings keep the
   * address as typed, so they are compared lower-cased.
   */
  async recordsOf(userId: number, emailKey: string): Promise<TutoringRecords> {
    const [packages, bookings, consultations, calendarFeed, studentName, tutor, emails] = await Promise.all([
      this.prisma.hoursPackage.findMany({
        where: { userId },
        include: { ledger: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
        orderBy: [{ purchaseDate: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.booking.findMany({
        where: { OR: [{ studentUserId: userId }, { studentEmail: { equals: emailKey, mode: 'insensitive' } }] },
        orderBy: [{ preferredDateTime: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.consultation.findMany({ where: { emailKey }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
      this.prisma.calendarFeed.findUnique({ where: { userId } }),
      this.prisma.studentName.findUnique({ where: { userId } }),
      this.prisma.tutor.findUnique({ where: { userId } }),
      emailsSentTo(this.prisma, emailKey),
    ]);
    return {
      packages,
      bookings,
      consultations,
      calendarFeed,
      studentName: studentName?.name ?? null,
      tutor,
      emails,
    };
  }
}

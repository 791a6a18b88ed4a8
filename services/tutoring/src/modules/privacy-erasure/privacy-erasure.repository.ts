import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErasedStudentName, type UserErasedV1 } from '@medtutor/contracts';
import { eraseStudentName } from '@medtutor/nest-kit';
import type { Booking, Prisma } from '../../generated/prisma/client.js';
import { bookingStateOf } from '../bookings/booking.mapping.js';
import { cancelOnErasure } from '../bookings/booking.lifecycle.js';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { BookingNotices } from '../calendar/booking-notices.js';
import { emailKey } from '../consultations/consultations.service.js';

type Tx = Prisma.TransactionClient;

/**
 * What tutoring holds of an erased student (issue 26), all on the consumer's transaction. Packages
 * and the hours ledger stay (they account for payments) but hold no personal data; bookings stay,
 * anonymised, as the tutors' history and payroll's basis; what exists only because of the person
 * goes: requests, their acknowledgement marker, the calendar feed and queued emails.
 */
@Injectable()
export class PrivacyErasureRepository {
  constructor(
    private readonly bookings: BookingsRepository,
    private readonly notices: BookingNotices,
  ) {}

  async eraseUser(tx: Tx, erased: UserErasedV1, now: number): Promise<void> {
    const email = emailKey(erased.email);
    const theirs: Prisma.BookingWhereInput = {
      OR: [{ studentUserId: erased.userId }, { studentEmail: { equals: email, mode: 'insensitive' } }],
    };
    const ids = (await tx.booking.findMany({ where: theirs, select: { id: true } })).map((row) => row.id);
    await tx.booking.updateMany({
      where: { id: { in: ids } },
      data: { studentName: ErasedStudentName, studentEmail: '', additionalNotes: null },
    });
    for (const booking of await tx.booking.findMany({ where: { id: { in: ids } } })) {
      await this.cancelIfToCome(tx, booking, now);
    }
    await tx.hoursLedgerEntry.updateMany({ where: { actorUserId: erased.userId }, data: { actorName: null } });
    // The buyer's address kept for retention's "never bought" test goes with the person.
    await tx.hoursPackage.updateMany({ where: { userId: erased.userId }, data: { buyerEmailKey: null } });
    await tx.consultation.deleteMany({ where: { emailKey: email } });
    await tx.acknowledgement.deleteMany({ where: { addressHash: createHash('sha256').update(email).digest('hex') } });
    await tx.calendarFeed.deleteMany({ where: { userId: erased.userId } });
    await tx.$executeRaw`DELETE FROM outbound_emails WHERE lower(to_address) = ${email}`;
    await eraseStudentName(tx, erased.userId);
  }

  /** An upcoming session is cancelled and its hours returned; the tutor gets the cancellation (no student named). */
  private async cancelIfToCome(tx: Tx, booking: Booking, now: number): Promise<void> {
    const change = cancelOnErasure(bookingStateOf(booking), now);
    if (!change) return;
    const tutor = await tx.tutor.findUnique({ where: { id: booking.tutorId }, select: { loginEmail: true } });
    const hoursOutcome = booking.packageId === null ? null : (change.hours?.outcome ?? null);
    await this.bookings.applyInTx(tx, booking, change, {
      actorUserId: booking.studentUserId,
      mails: this.notices.mailsFor({ kind: 'cancelled', by: 'student', hoursOutcome }, tutor?.loginEmail ?? null),
    });
  }
}

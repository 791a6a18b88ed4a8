import { Injectable } from '@nestjs/common';
import { ActiveBookingStatuses, type BookingActor, type BookingStatus, type EventEnvelope } from '@medtutor/contracts';
import { enqueueMail, type MailMessage, writeOutbox } from '@medtutor/nest-kit';
import { randomUUID } from 'node:crypto';
import type {
  Booking,
  Consultation,
  HoursLedgerEntry,
  HoursPackage,
  Prisma,
  Tutor,
} from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { releaseHours, reserveHours } from '../scheduling/booking-hours.rules.js';
import type { Availability, Interval } from '../scheduling/slots.rules.js';
import { decimalHours } from '../shared/hours.js';
import { book, type BookingChange } from './booking.lifecycle.js';
import { bookingStatusConflict, insufficientHours, slotTaken } from './bookings.errors.js';

type Tx = Prisma.TransactionClient;

/** The exclusion constraint of the bookings migration: one tutor, no two overlapping active bookings. */
const NO_OVERLAP_CONSTRAINT = 'bookings_tutor_no_overlap';

/**
 * Whether a database error is the tutor-overlap exclusion constraint (SQLSTATE 23P01). Prisma's
 * driver adapter reports it with the database's code and message, not as a known Prisma code.
 */
export const isSlotConflict = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const text = `${(current as { code?: unknown }).code ?? ''} ${(current as { originalCode?: unknown }).originalCode ?? ''} ${(current as { message?: unknown }).message ?? ''}`;
    if (text.includes('23P01') || text.includes(NO_OVERLAP_CONSTRAINT)) return true;
  }
  return false;
};

export interface NewBooking {
  packageId: number | null;
  consultationId?: number | null;
  tutor: Pick<Tutor, 'id' | 'name' | 'calendarLink' | 'meetingLink'>;
  studentUserId: number | null;
  studentName: string;
  studentEmail: string;
  subject: string;
  start: number;
  durationMinutes: number;
  /** Hours held on the package (0 for a free trial). */
  hours: number;
  isFreeTrial: boolean;
  additionalNotes?: string | null;
  bookedBy: BookingActor;
  now: number;
}

/** The emails a committed change sends, made from the row as written (its new SEQUENCE and status). */
export type MailsFor = (row: Booking) => MailMessage[];

/** A ledger entry for hours a booking turned into used ones, and the event that announces them. */
export interface UsedHoursRecord {
  reason: string;
  actorUserId: number | null;
  actorRole: string;
  actorName: string | null;
  tutorId: number;
  sessionDate: Date;
  eventFor: (entry: HoursLedgerEntry, before: HoursPackage, after: HoursPackage) => EventEnvelope | null;
}

export interface BookingFilter {
  studentUserId?: number;
  tutorId?: number;
  packageId?: number;
  from?: Date;
  to?: Date;
  status?: BookingStatus;
}

/** The only file of the bookings module that touches the database: bookings, availability, reserved hours. */
@Injectable()
export class BookingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  tutorOfLogin(userId: number): Promise<Tutor | null> {
    return this.prisma.tutor.findUnique({ where: { userId } });
  }

  freeTrialRequest(id: number): Promise<Consultation | null> {
    return this.prisma.consultation.findFirst({ where: { id, isFreeTrial: true } });
  }

  tutorById(id: number): Promise<Tutor | null> {
    return this.prisma.tutor.findUnique({ where: { id } });
  }

  packageWithTutors(
    packageId: number,
  ): Promise<(HoursPackage & { primaryTutorEntry: Tutor | null; secondaryTutorEntry: Tutor | null }) | null> {
    return this.prisma.hoursPackage.findUnique({
      where: { id: packageId },
      include: { primaryTutorEntry: true, secondaryTutorEntry: true },
    });
  }

  // ---- availability ----

  async availabilityOf(tutorId: number): Promise<Availability> {
    const [weekly, exceptions] = await Promise.all([
      this.prisma.tutorWeeklyHours.findMany({
        where: { tutorId },
        orderBy: [{ weekday: 'asc' }, { startMinute: 'asc' }],
      }),
      this.prisma.tutorDateException.findMany({
        where: { tutorId },
        orderBy: [{ date: 'asc' }, { startMinute: 'asc' }],
      }),
    ]);
    const byDate = new Map<string, Availability['exceptions'][number]>();
    for (const row of exceptions) {
      const date = row.date.toISOString().slice(0, 10);
      const entry = byDate.get(date) ?? { date, spans: [] };
      if (row.startMinute !== null && row.endMinute !== null) {
        entry.spans.push({ startMinute: row.startMinute, endMinute: row.endMinute });
      }
      byDate.set(date, entry);
    }
    return {
      weekly: weekly.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
      exceptions: [...byDate.values()],
    };
  }

  /** Replaces the tutor's whole availability in one transaction. */
  async replaceAvailability(tutorId: number, availability: Availability): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.tutorWeeklyHours.deleteMany({ where: { tutorId } });
      await tx.tutorDateException.deleteMany({ where: { tutorId } });
      await tx.tutorWeeklyHours.createMany({ data: availability.weekly.map((w) => ({ tutorId, ...w })) });
      await tx.tutorDateException.createMany({
        data: availability.exceptions.flatMap((e): Prisma.TutorDateExceptionCreateManyInput[] => {
          const date = new Date(`${e.date}T00:00:00Z`);
          return e.spans.length === 0
            ? [{ tutorId, date, startMinute: null, endMinute: null }]
            : e.spans.map((s) => ({ tutorId, date, startMinute: s.startMinute, endMinute: s.endMinute }));
        }),
      });
    });
  }

  // ---- bookings ----

  /** The tutors' active bookings overlapping `range` (what slots are taken). */
  async busyIntervals(tutorIds: number[], range: Interval): Promise<(Interval & { id: string; tutorId: number })[]> {
    const rows = await this.prisma.booking.findMany({
      where: {
        tutorId: { in: tutorIds },
        status: { in: [...ActiveBookingStatuses] },
        preferredDateTime: { lt: new Date(range.end) },
        endsAt: { gt: new Date(range.start) },
      },
      select: { id: true, tutorId: true, preferredDateTime: true, endsAt: true },
    });
    return rows.map((r) => ({
      id: r.id,
      tutorId: r.tutorId,
      start: r.preferredDateTime.getTime(),
      end: r.endsAt.getTime(),
    }));
  }

  findById(id: string): Promise<Booking | null> {
    return this.prisma.booking.findUnique({ where: { id } });
  }

  list(filter: BookingFilter, limit: number): Promise<Booking[]> {
    return this.prisma.booking.findMany({
      where: {
        studentUserId: filter.studentUserId,
        tutorId: filter.tutorId,
        packageId: filter.packageId,
        status: filter.status,
        preferredDateTime: { gte: filter.from, lt: filter.to },
      },
      orderBy: [{ preferredDateTime: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /**
   * Reserves the package's hours under its row lock (the lock every change of its hours takes) and
   * inserts the booking; the exclusion constraint decides a race for the tutor's time, and the loser's
   * whole transaction (its reservation too) rolls back. A free trial (no package) holds only the slot.
   */
  async create(input: NewBooking, mails?: MailsFor): Promise<Booking> {
    try {
      const created = book(input.start, input.durationMinutes, input.isFreeTrial, input.now);
      return await this.prisma.$transaction(async (tx) => {
        if (input.packageId !== null) {
          const locked = await this.lockPackage(tx, input.packageId);
          const next = locked && reserveHours(packageHours(locked), input.hours);
          if (!next || next === 'insufficient') throw insufficientHours();
          await tx.hoursPackage.update({ where: { id: locked.id }, data: { reservedHours: next.reserved } });
        }
        const id = randomUUID();
        const row = await tx.booking.create({
          data: {
            id,
            studentName: input.studentName,
            studentEmail: input.studentEmail,
            subject: input.subject,
            duration: input.durationMinutes,
            preferredDateTime: new Date(created.start),
            endsAt: new Date(created.end),
            additionalNotes: input.additionalNotes ?? null,
            isFreeTrial: input.isFreeTrial,
            status: created.status,
            tutorAssigned: input.tutor.name,
            calendlyLink: input.tutor.calendarLink,
            meetingLink: input.tutor.meetingLink,
            tutorId: input.tutor.id,
            packageId: input.packageId,
            consultationId: input.consultationId ?? null,
            studentUserId: input.studentUserId,
            reservedHours: input.hours,
            icsUid: `${id}@bookings.medpath`,
            bookedBy: input.bookedBy,
            ...reminderColumns(created.reminders),
          },
        });
        for (const email of mails?.(row) ?? []) await enqueueMail(tx, email);
        return row;
      });
    } catch (error) {
      if (isSlotConflict(error)) throw slotTaken();
      throw error;
    }
  }

  /**
   * Applies a lifecycle transition with a conditional update on the statuses it starts from (a
   * concurrent change makes it a conflict, never a double effect), and settles the reserved hours in
   * the same transaction: back to the package, or into used hours with a ledger entry (and its event).
   * The change's emails are queued in that transaction too.
   */
  async apply(
    booking: Booking,
    change: BookingChange,
    context: { actorUserId: number | null; used?: UsedHoursRecord; mails?: MailsFor },
  ): Promise<Booking> {
    try {
      return await this.prisma.$transaction((tx) => this.applyInTx(tx, booking, change, context));
    } catch (error) {
      if (isSlotConflict(error)) throw slotTaken();
      throw error;
    }
  }

  /** `apply` inside the caller's transaction (an erasure's consumer, issue 26). */
  async applyInTx(
    tx: Tx,
    booking: Booking,
    change: BookingChange,
    context: { actorUserId: number | null; used?: UsedHoursRecord; mails?: MailsFor },
  ): Promise<Booking> {
    const locked = booking.packageId !== null && change.hours ? await this.lockPackage(tx, booking.packageId) : null;
    const { patch } = change;
    const { count } = await tx.booking.updateMany({
      where: { id: booking.id, status: { in: [...change.from] }, icsSequence: booking.icsSequence },
      data: {
        status: change.status,
        icsSequence: patch.icsSequence,
        preferredDateTime: patch.start === undefined ? undefined : new Date(patch.start),
        endsAt: patch.end === undefined ? undefined : new Date(patch.end),
        cancelledBy: patch.cancelledBy,
        cancelledByUserId: patch.cancelledBy ? context.actorUserId : undefined,
        cancelledAt: patch.cancelledAt === undefined ? undefined : new Date(patch.cancelledAt),
        completedAt: patch.completedAt === undefined ? undefined : new Date(patch.completedAt),
        noShowAt: patch.noShowAt === undefined ? undefined : new Date(patch.noShowAt),
        hoursOutcome: patch.hoursOutcome,
        ...(patch.reminders ? reminderColumns(patch.reminders) : {}),
      },
    });
    if (count === 0) throw bookingStatusConflict();
    const updated = await tx.booking.findUniqueOrThrow({ where: { id: booking.id } });
    if (locked && change.hours) {
      const before = packageHours(locked);
      const after = releaseHours(before, change.hours.reserved, change.hours.outcome);
      const row = await tx.hoursPackage.update({
        where: { id: locked.id },
        data: { reservedHours: after.reserved, usedHours: after.used },
      });
      if (change.hours.outcome === 'used' && change.hours.reserved > 0 && context.used) {
        const { eventFor, ...entry } = context.used;
        const created = await tx.hoursLedgerEntry.create({
          data: {
            ...entry,
            sessionId: locked.id,
            kind: 'usage',
            delta: change.hours.reserved,
            usedHoursAfter: after.used,
            totalHoursAfter: locked.totalHours,
            bookingId: booking.id,
          },
        });
        const event = eventFor(created, locked, row);
        if (event) await writeOutbox(tx, event);
      }
    }
    for (const email of context.mails?.(updated) ?? []) await enqueueMail(tx, email);
    return updated;
  }

  /** A booking read inside the delivered-session transaction (the package row lock is already held). */
  findForDelivery(tx: Tx, bookingId: string): Promise<Booking | null> {
    return tx.booking.findUnique({ where: { id: bookingId } });
  }

  /**
   * Marks a delivered booking completed inside the caller's transaction and takes its reservation off
   * the package; the caller records the used hours. A booking already completed or ended is a conflict.
   */
  async completeInTx(tx: Tx, booking: Booking, change: BookingChange, locked: HoursPackage): Promise<void> {
    const { count } = await tx.booking.updateMany({
      where: { id: booking.id, status: { in: [...change.from] } },
      data: {
        status: change.status,
        completedAt: change.patch.completedAt === undefined ? undefined : new Date(change.patch.completedAt),
        hoursOutcome: change.patch.hoursOutcome,
      },
    });
    if (count === 0) throw bookingStatusConflict();
    const after = releaseHours(packageHours(locked), change.hours?.reserved ?? 0, 'returned');
    await tx.hoursPackage.update({ where: { id: locked.id }, data: { reservedHours: after.reserved } });
  }

  private async lockPackage(tx: Tx, packageId: number): Promise<HoursPackage | null> {
    await tx.$queryRaw`SELECT id FROM user_sessions WHERE id = ${packageId} FOR UPDATE`;
    return tx.hoursPackage.findUnique({ where: { id: packageId } });
  }
}

const reminderColumns = (markers: { reminder24hSentAt: number | null; reminder1hSentAt: number | null }) => ({
  reminder24hSentAt: markers.reminder24hSentAt === null ? null : new Date(markers.reminder24hSentAt),
  reminder1hSentAt: markers.reminder1hSentAt === null ? null : new Date(markers.reminder1hSentAt),
});

export const packageHours = (row: Pick<HoursPackage, 'totalHours' | 'usedHours' | 'reservedHours'>) => ({
  total: decimalHours(row.totalHours),
  used: decimalHours(row.usedHours),
  reserved: decimalHours(row.reservedHours),
});

import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type AvailabilityBody,
  type AvailabilityDto,
  BookingMessages,
  type BookingActor,
  BookingRules,
  BookingTimeZone,
  type BookingDto,
  type CreateBookingBody,
  ErrorCodes,
  EventTypes,
  type FreeTrialBookingBody,
  freeTrialSubjectOf,
  type HoursUsedV1,
  type ListBookingsQuery,
  perksOfPackageName,
  type SlotsDto,
  type SlotsQuery,
} from '@medtutor/contracts';
import { DomainError, MailRelay, newEvent, OutboxRelay, requireRole } from '@medtutor/nest-kit';
import type { Booking, HoursPackage, Tutor } from '../../generated/prisma/client.js';
import { Clock } from '../../infra/clock.js';
import { BookingNotices } from '../calendar/booking-notices.js';
import { toCalendarDate } from '../packages/package.mapping.js';
import {
  availabilityIntervals,
  bookingWindow,
  freeSlots,
  slotProblem,
  startBounds,
  type Interval,
  type SlotProblem,
} from '../scheduling/slots.rules.js';
import { invalid, packageNotFound, packageOnHold, tutorDeactivated, tutorNotFound } from '../shared/tutoring.errors.js';
import { cancel, markNoShow, reschedule } from './booking.lifecycle.js';
import { bookingStateOf, toBookingDto } from './booking.mapping.js';
import { bookingNotFound, slotNotOffered, slotTaken } from './bookings.errors.js';
import { BookingsRepository, type UsedHoursRecord } from './bookings.repository.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The slot rules' refusal as the student reads it. */
const problemMessage = (problem: SlotProblem, noticeHours: number, horizonDays: number): string => {
  switch (problem) {
    case 'too_soon':
      return BookingMessages.tooSoon(noticeHours);
    case 'beyond_horizon':
      return BookingMessages.beyondHorizon(horizonDays);
    case 'before_payment_lead':
      return BookingMessages.beforePaymentLead;
    default:
      return BookingMessages.slotNotOffered;
  }
};

const stateOf = bookingStateOf;

/**
 * Availability, slots and bookings (issue 25). The rules are the pure functions of ../scheduling and
 * booking.lifecycle.ts; this service checks who may do what (ownership, whatever the gateway let
 * through), reads what the rules need and hands the result to the repository.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly bookings: BookingsRepository,
    private readonly relay: OutboxRelay,
    private readonly mailRelay: MailRelay,
    private readonly notices: BookingNotices,
    private readonly clock: Clock,
  ) {}

  /** The clock of every rule; one place, so tests of the rules pass their own instants. */
  protected now(): number {
    return this.clock.now();
  }

  // ---- availability ----

  async getAvailability(actor: Actor | null, tutorId: number | undefined): Promise<AvailabilityDto> {
    const tutor = await this.tutorFor(actor, tutorId);
    return { tutorId: tutor.id, timeZone: BookingTimeZone, ...(await this.bookings.availabilityOf(tutor.id)) };
  }

  async setAvailability(
    actor: Actor | null,
    tutorId: number | undefined,
    body: AvailabilityBody,
  ): Promise<AvailabilityDto> {
    const tutor = await this.tutorFor(actor, tutorId);
    await this.bookings.replaceAvailability(tutor.id, body);
    return { tutorId: tutor.id, timeZone: BookingTimeZone, ...(await this.bookings.availabilityOf(tutor.id)) };
  }

  /** A tutor edits their own; an admin names the tutor. */
  private async tutorFor(actor: Actor | null, tutorId: number | undefined): Promise<Tutor> {
    const signedIn = requireRole(actor, 'tutor', 'admin');
    if (signedIn.role === 'tutor') {
      const own = await this.bookings.tutorOfLogin(signedIn.userId);
      if (!own) throw tutorNotFound();
      if (!own.active) throw tutorDeactivated();
      return own;
    }
    if (tutorId === undefined) throw invalid(BookingMessages.tutorIdRequired);
    const tutor = await this.bookings.tutorById(tutorId);
    if (!tutor) throw tutorNotFound();
    return tutor;
  }

  // ---- slots and booking ----

  /** The student's own package with its assigned, active tutors; anyone else's answers as missing. */
  private async ownPackage(actor: Actor | null, packageId: number) {
    const student = requireRole(actor, 'student');
    const pkg = await this.bookings.packageWithTutors(packageId);
    if (!pkg || pkg.userId !== student.userId) throw packageNotFound();
    const tutors = [pkg.primaryTutorEntry, pkg.secondaryTutorEntry].filter((t): t is Tutor => t !== null && t.active);
    return { student, pkg, tutors };
  }

  private async slotContexts(
    pkg: HoursPackage,
    tutors: Tutor[],
    durationMinutes: number,
    range: Interval,
    ignoreId?: string,
  ) {
    const now = this.now();
    const perks = perksOfPackageName(pkg.packageName);
    const busy = await this.bookings.busyIntervals(
      tutors.map((t) => t.id),
      range,
    );
    return Promise.all(
      tutors.map(async (tutor) => {
        const availability = await this.bookings.availabilityOf(tutor.id);
        const hasAvailability =
          availability.weekly.length > 0 || availability.exceptions.some((e) => e.spans.length > 0);
        return {
          tutor,
          hasAvailability,
          context: {
            now,
            perks,
            paidAt: pkg.purchaseDate.getTime(),
            durationMinutes,
            available: availabilityIntervals(availability, range, BookingTimeZone),
            busy: busy.filter((b) => b.tutorId === tutor.id),
            ignoreBusy: ignoreId ? (b: Interval) => (b as { id?: string }).id === ignoreId : undefined,
          },
        };
      }),
    );
  }

  async listSlots(actor: Actor | null, query: SlotsQuery): Promise<SlotsDto> {
    const { pkg, tutors } = await this.ownPackage(actor, query.sessionId);
    const durationMinutes = query.durationHours * 60;
    const range = { start: Date.parse(query.from), end: Date.parse(query.to) };
    const contexts = await this.slotContexts(pkg, tutors, durationMinutes, {
      start: range.start,
      end: range.end + durationMinutes * MINUTE,
    });
    const perks = perksOfPackageName(pkg.packageName);
    const window = bookingWindow(perks);
    const bounds = startBounds({ now: this.now(), perks, paidAt: pkg.purchaseDate.getTime() });
    const slots = contexts
      .flatMap(({ tutor, context }) =>
        freeSlots(range, context).map((start) => ({ start, tutorId: tutor.id, tutorName: tutor.name })),
      )
      .sort((a, b) => a.start - b.start || a.tutorId - b.tutorId);
    return {
      timeZone: BookingTimeZone,
      durationHours: query.durationHours,
      noticeHours: window.noticeHours,
      horizonDays: window.horizonDays,
      earliestStart: new Date(bounds.earliest).toISOString(),
      latestStart: new Date(bounds.latest).toISOString(),
      availabilityPending: !contexts.some((c) => c.hasAvailability),
      calendarLink: pkg.tutorCalendarLink,
      slots: slots.map((s) => ({
        start: new Date(s.start).toISOString(),
        end: new Date(s.start + durationMinutes * MINUTE).toISOString(),
        tutorId: s.tutorId,
        tutorName: s.tutorName,
      })),
    };
  }

  async create(
    actor: Actor | null,
    body: CreateBookingBody & { studentName: string; studentEmail: string },
  ): Promise<BookingDto> {
    const { student, pkg, tutors } = await this.ownPackage(actor, body.sessionId);
    if (pkg.frozenReason) throw packageOnHold();
    const start = Date.parse(body.start);
    const durationMinutes = body.durationHours * 60;
    const contexts = await this.slotContexts(pkg, tutors, durationMinutes, { start: start - DAY, end: start + DAY });
    const window = bookingWindow(perksOfPackageName(pkg.packageName));
    // The first assigned tutor free at that time takes it (dual tutors: primary first).
    const problems = contexts.map((c) => ({ c, problem: slotProblem(start, c.context) }));
    const free = problems.find((p) => p.problem === null);
    if (!free) {
      const problem = problems[0]?.problem ?? 'unavailable';
      // Taken by a booking that committed first: the same answer as losing the race at the constraint.
      if (problem === 'taken') throw slotTaken();
      throw slotNotOffered(problemMessage(problem, window.noticeHours, window.horizonDays));
    }
    const booking = {
      packageId: pkg.id,
      tutor: free.c.tutor,
      studentUserId: student.userId,
      studentName: body.studentName,
      studentEmail: body.studentEmail,
      subject: pkg.subject,
      start,
      durationMinutes,
      hours: body.durationHours,
      isFreeTrial: false,
      additionalNotes: body.additionalNotes ?? null,
      bookedBy: 'student' as const,
      now: this.now(),
    };
    const created = await this.bookings.create(
      booking,
      this.notices.mailsFor({ kind: 'booked' }, free.c.tutor.loginEmail),
    );
    this.mailRelay.wake();
    return toBookingDto(created, 'student');
  }

  /**
   * The free trial of a trial request, booked by an admin at the time agreed with the student: no
   * package and no hours, only the tutor's time (the exclusion constraint still decides a clash).
   */
  async bookFreeTrial(actor: Actor | null, body: FreeTrialBookingBody): Promise<BookingDto> {
    requireRole(actor, 'admin');
    const request = await this.bookings.freeTrialRequest(body.consultationId);
    if (!request) throw new DomainError(ErrorCodes.notFound, BookingMessages.trialRequestNotFound);
    const tutor = await this.bookings.tutorById(body.tutorId);
    if (!tutor) throw tutorNotFound();
    if (!tutor.active) throw tutorDeactivated();
    const start = Date.parse(body.start);
    if (start <= this.now()) throw invalid(BookingMessages.startInPast);
    const subject = freeTrialSubjectOf(request.subjectInterest);
    const booking = {
      packageId: null,
      consultationId: request.id,
      tutor,
      studentUserId: null,
      studentName: `${request.firstName} ${request.lastName}`.trim(),
      studentEmail: request.email ?? '',
      subject,
      start,
      durationMinutes: body.durationMinutes,
      hours: 0,
      isFreeTrial: true,
      bookedBy: 'admin' as const,
      now: this.now(),
    };
    const created = await this.bookings.create(booking, this.notices.mailsFor({ kind: 'booked' }, tutor.loginEmail));
    this.mailRelay.wake();
    return toBookingDto(created);
  }

  async list(actor: Actor | null, query: ListBookingsQuery): Promise<BookingDto[]> {
    const signedIn = requireRole(actor, 'student', 'tutor', 'admin');
    const range = {
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    };
    const filter = { status: query.status, ...range };
    if (signedIn.role === 'student') {
      return (await this.bookings.list({ ...filter, studentUserId: signedIn.userId }, 500)).map((row) =>
        toBookingDto(row, 'student'),
      );
    }
    if (signedIn.role === 'tutor') {
      const own = await this.bookings.tutorOfLogin(signedIn.userId);
      if (!own) return [];
      return (await this.bookings.list({ ...filter, tutorId: own.id }, 500)).map((row) => toBookingDto(row, 'tutor'));
    }
    return (await this.bookings.list({ ...filter, tutorId: query.tutorId }, 1000)).map((row) => toBookingDto(row));
  }

  // ---- changes ----

  /** The booking and the caller's side of it; someone else's booking answers as missing. */
  private async ownBooking(
    actor: Actor | null,
    bookingId: string,
  ): Promise<{ booking: Booking; by: BookingActor; actor: Actor; tutor: Tutor | null }> {
    const signedIn = requireRole(actor, 'student', 'tutor', 'admin');
    const booking = await this.bookings.findById(bookingId);
    if (!booking) throw bookingNotFound();
    if (signedIn.role === 'admin') return { booking, by: 'admin', actor: signedIn, tutor: null };
    if (signedIn.role === 'student') {
      if (booking.studentUserId !== signedIn.userId) throw bookingNotFound();
      return { booking, by: 'student', actor: signedIn, tutor: null };
    }
    const tutor = await this.bookings.tutorOfLogin(signedIn.userId);
    if (!tutor || tutor.id !== booking.tutorId) throw bookingNotFound();
    if (!tutor.active) throw tutorDeactivated();
    return { booking, by: 'tutor', actor: signedIn, tutor };
  }

  async cancel(actor: Actor | null, bookingId: string, correlationId: string | null): Promise<BookingDto> {
    const own = await this.ownBooking(actor, bookingId);
    const change = cancel(stateOf(own.booking), own.by, this.now());
    const reason = `Cancelled by the ${own.by} less than ${BookingRules.freeCancellationHours} hours before the session`;
    const tutor = await this.bookings.tutorById(own.booking.tutorId);
    const hoursOutcome = own.booking.packageId === null ? null : (change.hours?.outcome ?? null);
    const updated = await this.bookings.apply(own.booking, change, {
      actorUserId: own.actor.userId,
      used: this.usedRecord(own.booking, tutor, own, reason, correlationId),
      mails: this.notices.mailsFor({ kind: 'cancelled', by: own.by, hoursOutcome }, tutor?.loginEmail ?? null),
    });
    this.relay.nudge();
    this.mailRelay.wake();
    return toBookingDto(updated, own.by);
  }

  async reschedule(actor: Actor | null, bookingId: string, newStartIso: string): Promise<BookingDto> {
    const own = await this.ownBooking(actor, bookingId);
    const { booking } = own;
    const newStart = Date.parse(newStartIso);
    const pkg = booking.packageId === null ? null : await this.bookings.packageWithTutors(booking.packageId);
    const perks = perksOfPackageName(pkg?.packageName ?? '');
    const window = bookingWindow(perks);
    const change = reschedule(stateOf(booking), own.by, newStart, this.now(), window.noticeHours);
    const tutor = await this.bookings.tutorById(booking.tutorId);
    if (!tutor) throw tutorNotFound();
    const [slot] = await this.slotContexts(
      pkg ?? ({ packageName: '', purchaseDate: new Date(0) } as HoursPackage),
      [tutor],
      booking.duration,
      { start: newStart - DAY, end: newStart + DAY },
      booking.id,
    );
    const problem = slotProblem(newStart, slot!.context);
    // Students keep to the booking rules; a tutor or an admin may move it to any free time of the tutor's.
    const refused = own.by === 'student' ? problem : problem === 'taken' || problem === 'off_grid' ? problem : null;
    if (refused === 'taken') throw slotTaken();
    if (refused) throw slotNotOffered(problemMessage(refused, window.noticeHours, window.horizonDays));
    const updated = await this.bookings.apply(booking, change, {
      actorUserId: own.actor.userId,
      mails: this.notices.mailsFor({ kind: 'moved', previousStart: booking.preferredDateTime }, tutor.loginEmail),
    });
    this.mailRelay.wake();
    return toBookingDto(updated, own.by);
  }

  async markNoShow(actor: Actor | null, bookingId: string, correlationId: string | null): Promise<BookingDto> {
    const own = await this.ownBooking(actor, bookingId);
    if (own.by === 'student') throw bookingNotFound();
    const change = markNoShow(stateOf(own.booking), this.now());
    const tutor = await this.bookings.tutorById(own.booking.tutorId);
    const updated = await this.bookings.apply(own.booking, change, {
      actorUserId: own.actor.userId,
      used: this.usedRecord(own.booking, tutor, own, 'No-show: the student did not attend', correlationId),
      // The student is told; the tutor or admin who marked it needs no email.
      mails: this.notices.mailsFor({ kind: 'no_show' }, null),
    });
    this.relay.nudge();
    this.mailRelay.wake();
    return toBookingDto(updated, own.by);
  }

  /** The ledger entry and hours_used event for hours a booking uses without being delivered. */
  private usedRecord(
    booking: Booking,
    tutor: Tutor | null,
    own: { by: BookingActor; actor: Actor },
    reason: string,
    correlationId: string | null,
  ): UsedHoursRecord {
    return {
      reason,
      actorUserId: own.actor.userId,
      actorRole: own.by,
      actorName: own.by === 'tutor' ? (tutor?.name ?? null) : null,
      tutorId: booking.tutorId,
      sessionDate: new Date(`${toCalendarDate(booking.preferredDateTime)}T00:00:00Z`),
      eventFor: (entry, before, after) => {
        const data: HoursUsedV1 = {
          sessionId: before.id,
          ledgerEntryId: entry.id,
          userId: before.userId,
          subject: before.subject as HoursUsedV1['subject'],
          packageName: before.packageName,
          hours: Number(entry.delta),
          usedHoursAfter: Number(after.usedHours),
          totalHours: Number(before.totalHours),
          date: toCalendarDate(booking.preferredDateTime),
          tutorId: tutor?.id ?? null,
          tutorName: tutor?.name ?? null,
          tutorUserId: tutor?.userId ?? null,
          actorRole: own.by,
          reason,
        };
        return newEvent(EventTypes.hoursUsed, 1, data, correlationId);
      },
    };
  }
}

import { Injectable } from '@nestjs/common';
import {
  type Actor,
  EventTypes,
  type HoursUsedV1,
  type PackageDto,
  TutorDirectoryMessages,
  ValidationMessages,
} from '@medtutor/contracts';
import { newEvent, OutboxRelay, requireRole } from '@medtutor/nest-kit';
import type { HoursPackage, Prisma, Tutor } from '../../generated/prisma/client.js';
import { decimalHours } from '../shared/hours.js';
import { invalid, packageNotFound, packageOnHold, tutorDeactivated } from '../shared/tutoring.errors.js';
import { fromCalendarDate, toCalendarDate, toPackageDto } from './package.mapping.js';
import { complete } from '../bookings/booking.lifecycle.js';
import { bookingStateOf } from '../bookings/booking.mapping.js';
import { bookingNotFound } from '../bookings/bookings.errors.js';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { deliverSession, mayCorrectUsage, usageChange } from './package-hours.rules.js';
import { PackagesRepository } from './packages.repository.js';

type Tx = Prisma.TransactionClient;

/** A change of used hours, as the ledger records it and hours_used announces it. */
interface HoursChange {
  usedHours: number;
  bookingId?: string | null;
  reason: string;
  actor: Actor;
  actorName: string | null;
  tutor: Tutor | null;
  sessionDate: Date | null;
  correlationId: string | null;
}

/** Hours leaving a package: an admin's correction or a tutor's delivered session. */
@Injectable()
export class PackageHoursService {
  constructor(
    private readonly packages: PackagesRepository,
    private readonly bookings: BookingsRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Admin correction of used hours: 0..total in steps of 0.5, recorded in the ledger. It stays open on
   * a package on hold or overdrawn: that is how an admin settles one. The total is the current one,
   * after refunds.
   */
  async setUsage(
    packageId: number,
    usedHours: number,
    reason: string | undefined,
    actorName: string | null,
    actor: Actor | null,
    correlationId: string | null = null,
  ): Promise<PackageDto> {
    const admin = requireRole(actor, 'admin');
    const row = await this.inTransactionWithLock(packageId, async (tx, locked) => {
      const totalHours = decimalHours(locked.totalHours);
      if (!mayCorrectUsage(totalHours, usedHours)) throw invalid(ValidationMessages.hoursRange(totalHours));
      return this.changeHours(tx, locked, {
        usedHours,
        reason: reason?.trim() || 'Used hours corrected by an administrator',
        actor: admin,
        actorName,
        tutor: null,
        sessionDate: null,
        correlationId,
      });
    });
    return toPackageDto(row);
  }

  /**
   * A tutor's delivered session: its hours leave the package, never more than remain (hours held by
   * other bookings do not remain). With a booking, the booking is completed in the same transaction
   * and its reservation released, so its hours are counted once, as used.
   */
  async recordDelivered(
    packageId: number,
    body: { date: string; durationHours: number; notes?: string | undefined; bookingId?: string | undefined },
    actor: Actor | null,
    correlationId: string | null = null,
  ): Promise<PackageDto> {
    const signedIn = requireRole(actor, 'tutor');
    const tutor = await this.packages.tutorOfLogin(signedIn.userId);
    if (!tutor) throw packageNotFound();
    // A dismissed tutor spends no student's hours, whatever the gateway let through (issue 24).
    if (!tutor.active) throw tutorDeactivated();
    const row = await this.inTransactionWithLock(packageId, async (tx, locked) => {
      if (!(await this.packages.isTutorActive(tx, tutor.id))) throw tutorDeactivated();
      if (locked.primaryTutorId !== tutor.id && locked.secondaryTutorId !== tutor.id) throw packageNotFound();
      // Checked under the row lock, so a dispute opened meanwhile is seen.
      if (locked.frozenReason) throw packageOnHold();
      let releasedHours = 0;
      if (body.bookingId) {
        const booking = await this.bookings.findForDelivery(tx, body.bookingId);
        if (!booking || booking.packageId !== locked.id || booking.tutorId !== tutor.id) throw bookingNotFound();
        const change = complete(bookingStateOf(booking), Date.now());
        await this.bookings.completeInTx(tx, booking, change, locked);
        releasedHours = decimalHours(booking.reservedHours);
      }
      const hours = {
        total: decimalHours(locked.totalHours),
        used: decimalHours(locked.usedHours),
        reserved: decimalHours(locked.reservedHours),
      };
      const delivered = deliverSession(hours, body.durationHours, releasedHours);
      if ('notEnough' in delivered) throw invalid(TutorDirectoryMessages.notEnoughHours(delivered.notEnough));
      const notes = body.notes?.trim();
      return this.changeHours(tx, locked, {
        usedHours: delivered.usedHours,
        reason: `Session delivered on ${body.date} (${body.durationHours} h)${notes ? `: ${notes}` : ''}`,
        actor: signedIn,
        actorName: tutor.name,
        tutor,
        sessionDate: fromCalendarDate(body.date),
        correlationId,
        bookingId: body.bookingId ?? null,
      });
    });
    return toPackageDto(row);
  }

  /** Serialises hour changes of one package: the row stays locked until the ledger entry commits. */
  private async inTransactionWithLock(
    packageId: number,
    work: (tx: Tx, locked: HoursPackage) => Promise<HoursPackage>,
  ): Promise<HoursPackage> {
    const result = await this.packages.inTransactionWithLock(packageId, work);
    if (!result) throw packageNotFound();
    this.relay.nudge();
    return result;
  }

  private async changeHours(tx: Tx, locked: HoursPackage, change: HoursChange): Promise<HoursPackage> {
    const usage = usageChange(decimalHours(locked.usedHours), change.usedHours);
    if (!usage) return locked;
    const { usedHours } = change;
    const entry = {
      reason: change.reason,
      actorUserId: change.actor.userId,
      actorRole: change.actor.role,
      actorName: change.actorName,
      tutorId: change.tutor?.id ?? null,
      sessionDate: change.sessionDate,
      bookingId: change.bookingId ?? null,
    };
    return this.packages.recordUsage(tx, locked, usedHours, usage.deltaHours, entry, (created) => {
      if (!usage.tutorWork) return null;
      const data: HoursUsedV1 = {
        sessionId: locked.id,
        ledgerEntryId: created.id,
        userId: locked.userId,
        subject: toPackageDto(locked).subject,
        packageName: locked.packageName,
        hours: usage.deltaHours,
        usedHoursAfter: usedHours,
        totalHours: Number(locked.totalHours),
        date: toCalendarDate(change.sessionDate ?? created.createdAt),
        tutorId: change.tutor?.id ?? null,
        tutorName: change.tutor?.name ?? null,
        tutorUserId: change.tutor?.userId ?? null,
        actorRole: change.actor.role === 'tutor' ? 'tutor' : 'admin',
        reason: change.reason,
      };
      return newEvent(EventTypes.hoursUsed, 1, data, change.correlationId);
    });
  }
}

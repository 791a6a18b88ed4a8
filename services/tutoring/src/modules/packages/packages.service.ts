import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type AssignDualTutorsBody,
  type AssignTutorBody,
  DualTutorMinimumHours,
  EventTypes,
  type HoursLedgerEntryDto,
  type HoursUsedV1,
  isHalfHourStep,
  type PaymentSucceededV1,
  type PackageDto,
  type SessionsForUsersReply,
  TutorDirectoryMessages,
  TutoringMessages,
  type TutorStudentPackageDto,
  ValidationMessages,
} from '@medtutor/contracts';
import { newEvent, OutboxRelay, requireActor, requireRole, writeOutbox } from '@medtutor/nest-kit';
import type { Prisma, HoursPackage, Tutor } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { fromTenths, toTenths } from '../shared/hours.js';
import { invalid, packageOnHold, sessionNotFound } from '../shared/tutoring.errors.js';
import { fromCalendarDate, toCalendarDate, toLedgerEntryDto, toPackageDto } from './package.mapping.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';

type Tx = Prisma.TransactionClient;

/** A change of used hours, as the ledger records it and hours_used announces it. */
interface HoursChange {
  usedTenths: number;
  reason: string;
  actor: Actor;
  actorName: string | null;
  tutor: Tutor | null;
  sessionDate: Date | null;
  correlationId: string | null;
}

@Injectable()
export class PackagesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly relay: OutboxRelay,
    private readonly adjustments: PaymentAdjustmentsService,
  ) {}

  /**
   * The payment_succeeded effect; runs inside handleOnce, and the unique paymentId backs it up. A refund
   * or dispute of the payment that arrived first was kept pending: it is applied to the new package.
   */
  async creditPayment(tx: Tx, payment: PaymentSucceededV1): Promise<void> {
    await this.adjustments.lockPayment(tx, payment.paymentId);
    const existing = await tx.hoursPackage.findUnique({ where: { paymentId: payment.paymentId } });
    if (existing) return;
    const created = await tx.hoursPackage.create({
      data: {
        paymentId: payment.paymentId,
        userId: payment.userId,
        subject: payment.subject,
        packageName: payment.packageName,
        totalHours: payment.hours,
        originalHours: payment.hours,
        purchaseDate: new Date(payment.paidAt),
      },
    });
    await this.adjustments.applyPending(tx, created);
  }

  async listMine(actor: Actor | null): Promise<PackageDto[]> {
    const { userId } = requireActor(actor);
    const rows = await this.prisma.hoursPackage.findMany({
      where: { userId },
      orderBy: [{ purchaseDate: 'desc' }, { id: 'desc' }],
    });
    return rows.map(toPackageDto);
  }

  async sessionsForUsers(userIds: number[], actor: Actor | null): Promise<SessionsForUsersReply> {
    requireRole(actor, 'admin');
    const rows = await this.prisma.hoursPackage.findMany({
      where: { userId: { in: userIds } },
      orderBy: [{ purchaseDate: 'desc' }, { id: 'desc' }],
    });
    const byUser: SessionsForUsersReply = Object.fromEntries(userIds.map((id) => [String(id), []]));
    for (const row of rows) byUser[String(row.userId)]?.push(toPackageDto(row));
    return byUser;
  }

  /** The owner, an admin, or a tutor assigned to the package may read its ledger. */
  async ledger(sessionId: number, actor: Actor | null): Promise<HoursLedgerEntryDto[]> {
    const signedIn = requireActor(actor);
    const found = await this.prisma.hoursPackage.findUnique({
      where: { id: sessionId },
      include: { primaryTutorEntry: true, secondaryTutorEntry: true },
    });
    const allowed =
      found &&
      (signedIn.role === 'admin' ||
        (signedIn.role === 'student' && found.userId === signedIn.userId) ||
        (signedIn.role === 'tutor' &&
          (found.primaryTutorEntry?.userId === signedIn.userId ||
            found.secondaryTutorEntry?.userId === signedIn.userId)));
    if (!allowed) throw sessionNotFound();
    const entries = await this.prisma.hoursLedgerEntry.findMany({
      where: { sessionId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return entries.map(toLedgerEntryDto);
  }

  /** Students set their own packages' exam dates; admins any package's. */
  async setExamDate(sessionId: number, examDate: string, actor: Actor | null): Promise<PackageDto> {
    const signedIn = requireRole(actor, 'student', 'admin');
    const ownerOnly = signedIn.role === 'admin' ? {} : { userId: signedIn.userId };
    const updated = await this.prisma.hoursPackage.updateManyAndReturn({
      where: { id: sessionId, ...ownerOnly },
      data: { examDate: fromCalendarDate(examDate) },
    });
    const row = updated[0];
    if (!row) throw sessionNotFound();
    return toPackageDto(row);
  }

  /**
   * Admin correction of used hours: 0..total in steps of 0.5, recorded in the ledger. It stays open on
   * a package on hold or overdrawn: that is how an admin settles one. The total is the current one,
   * after refunds.
   */
  async setUsage(
    sessionId: number,
    usedHours: number,
    reason: string | undefined,
    actorName: string | null,
    actor: Actor | null,
    correlationId: string | null = null,
  ): Promise<PackageDto> {
    const admin = requireRole(actor, 'admin');
    const row = await this.inTransactionWithLock(sessionId, async (tx, locked) => {
      const totalTenths = toTenths(Number(locked.totalHours));
      const usedTenths = toTenths(usedHours);
      // The exact step check: rounding to tenths first would let 0.51 through as 0.5.
      if (!isHalfHourStep(usedHours) || usedTenths < 0 || usedTenths > totalTenths) {
        throw invalid(ValidationMessages.hoursRange(fromTenths(totalTenths)));
      }
      return this.changeHours(tx, locked, {
        usedTenths,
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

  async assignTutor(sessionId: number, body: AssignTutorBody, actor: Actor | null): Promise<PackageDto> {
    requireRole(actor, 'admin');
    const tutor = await this.directoryEntry(body.tutorName);
    const updated = await this.prisma.hoursPackage.updateManyAndReturn({
      where: { id: sessionId },
      data: {
        assignedTutor: body.tutorName.trim(),
        tutorCalendarLink: body.calendarLink.trim(),
        primaryTutorId: tutor?.id ?? null,
        secondaryTutor: null,
        secondaryTutorCalendarLink: null,
        secondaryTutorId: null,
        hasDualTutors: false,
      },
    });
    if (!updated[0]) throw sessionNotFound();
    return toPackageDto(updated[0]);
  }

  async assignDualTutors(sessionId: number, body: AssignDualTutorsBody, actor: Actor | null): Promise<PackageDto> {
    requireRole(actor, 'admin');
    const [primary, secondary] = await Promise.all([
      this.directoryEntry(body.primaryTutor),
      this.directoryEntry(body.secondaryTutor),
    ]);
    // The hours rule sits in the WHERE clause, so it holds even if the package changes meanwhile.
    const updated = await this.prisma.hoursPackage.updateManyAndReturn({
      where: { id: sessionId, totalHours: { gte: DualTutorMinimumHours } },
      data: {
        assignedTutor: body.primaryTutor.trim(),
        tutorCalendarLink: body.primaryCalendar.trim(),
        primaryTutorId: primary?.id ?? null,
        secondaryTutor: body.secondaryTutor.trim(),
        secondaryTutorCalendarLink: body.secondaryCalendar.trim(),
        secondaryTutorId: secondary?.id ?? null,
        hasDualTutors: true,
      },
    });
    if (updated[0]) return toPackageDto(updated[0]);
    const exists = await this.prisma.hoursPackage.count({ where: { id: sessionId } });
    if (!exists) throw sessionNotFound();
    throw invalid(TutoringMessages.dualTutorsNeedTenHours);
  }

  /** Packages whose primary or secondary tutor is the directory entry linked to this tutor's login. */
  async tutorStudents(actor: Actor | null): Promise<TutorStudentPackageDto[]> {
    const { userId } = requireRole(actor, 'tutor');
    const tutor = await this.prisma.tutor.findUnique({ where: { userId } });
    if (!tutor) return [];
    const rows = await this.prisma.hoursPackage.findMany({
      where: { OR: [{ primaryTutorId: tutor.id }, { secondaryTutorId: tutor.id }] },
      orderBy: [{ purchaseDate: 'desc' }, { id: 'desc' }],
    });
    return rows.map((row) => ({
      ...toPackageDto(row),
      tutorRole: row.primaryTutorId === tutor.id ? 'primary' : 'secondary',
    }));
  }

  /** A tutor's delivered session: its hours leave the package, never more than remain. */
  async recordDelivered(
    sessionId: number,
    body: { date: string; durationHours: number; notes?: string | undefined },
    actor: Actor | null,
    correlationId: string | null = null,
  ): Promise<PackageDto> {
    const signedIn = requireRole(actor, 'tutor');
    const tutor = await this.prisma.tutor.findUnique({ where: { userId: signedIn.userId } });
    if (!tutor) throw sessionNotFound();
    const row = await this.inTransactionWithLock(sessionId, async (tx, locked) => {
      if (locked.primaryTutorId !== tutor.id && locked.secondaryTutorId !== tutor.id) throw sessionNotFound();
      // Checked under the row lock, so a dispute opened meanwhile is seen.
      if (locked.frozenReason) throw packageOnHold();
      const remaining = toTenths(Number(locked.totalHours)) - toTenths(Number(locked.usedHours));
      const duration = toTenths(body.durationHours);
      if (duration > remaining) throw invalid(TutorDirectoryMessages.notEnoughHours(fromTenths(remaining)));
      const notes = body.notes?.trim();
      return this.changeHours(tx, locked, {
        usedTenths: toTenths(Number(locked.usedHours)) + duration,
        reason: `Session delivered on ${body.date} (${body.durationHours} h)${notes ? `: ${notes}` : ''}`,
        actor: signedIn,
        actorName: tutor.name,
        tutor,
        sessionDate: fromCalendarDate(body.date),
        correlationId,
      });
    });
    return toPackageDto(row);
  }

  /** Exact, case-insensitive match on the directory, so a typed name still links to its tutor. */
  private directoryEntry(name: string): Promise<Tutor | null> {
    return this.prisma.tutor.findFirst({
      where: { name: { equals: name.trim(), mode: 'insensitive' } },
      orderBy: [{ active: 'desc' }, { id: 'asc' }],
    });
  }

  /** Serialises hour changes of one package: the row stays locked until the ledger entry commits. */
  private async inTransactionWithLock(
    sessionId: number,
    work: (tx: Tx, locked: HoursPackage) => Promise<HoursPackage>,
  ): Promise<HoursPackage> {
    const result = await this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM user_sessions WHERE id = ${sessionId} FOR UPDATE`;
      const locked = await tx.hoursPackage.findUnique({ where: { id: sessionId } });
      if (!locked) throw sessionNotFound();
      return work(tx, locked);
    });
    this.relay.nudge();
    return result;
  }

  private async changeHours(tx: Tx, locked: HoursPackage, change: HoursChange): Promise<HoursPackage> {
    const deltaTenths = change.usedTenths - toTenths(Number(locked.usedHours));
    if (deltaTenths === 0) return locked;
    const usedHours = fromTenths(change.usedTenths);
    const updated = await tx.hoursPackage.update({ where: { id: locked.id }, data: { usedHours } });
    const entry = await tx.hoursLedgerEntry.create({
      data: {
        sessionId: locked.id,
        kind: 'usage',
        delta: fromTenths(deltaTenths),
        usedHoursAfter: usedHours,
        totalHoursAfter: locked.totalHours,
        reason: change.reason,
        actorUserId: change.actor.userId,
        actorRole: change.actor.role,
        actorName: change.actorName,
        tutorId: change.tutor?.id ?? null,
        sessionDate: change.sessionDate,
      },
    });
    // Only hours leaving the package are work to pay for; a correction downwards is not.
    if (deltaTenths > 0) {
      const data: HoursUsedV1 = {
        sessionId: locked.id,
        ledgerEntryId: entry.id,
        userId: locked.userId,
        subject: toPackageDto(locked).subject,
        packageName: locked.packageName,
        hours: fromTenths(deltaTenths),
        usedHoursAfter: usedHours,
        totalHours: Number(locked.totalHours),
        date: toCalendarDate(change.sessionDate ?? entry.createdAt),
        tutorId: change.tutor?.id ?? null,
        tutorName: change.tutor?.name ?? null,
        tutorUserId: change.tutor?.userId ?? null,
        actorRole: change.actor.role === 'tutor' ? 'tutor' : 'admin',
        reason: change.reason,
      };
      await writeOutbox(tx, newEvent(EventTypes.hoursUsed, 1, data, change.correlationId));
    }
    return updated;
  }
}

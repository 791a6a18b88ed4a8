import { Injectable } from '@nestjs/common';
import type { EventEnvelope, PaymentSucceededV1 } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { HoursLedgerEntry, HoursPackage, Prisma, Tutor } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { creditedHours } from './package-hours.rules.js';

type Tx = Prisma.TransactionClient;

const newestFirst = [{ purchaseDate: 'desc' }, { id: 'desc' }] satisfies Prisma.HoursPackageOrderByWithRelationInput[];

export type PackageWithTutors = HoursPackage & { primaryTutorEntry: Tutor | null; secondaryTutorEntry: Tutor | null };
type TutorStatus = Pick<Tutor, 'active'> | null;
export type PackageWithTutorStatus = HoursPackage & {
  primaryTutorEntry: TutorStatus;
  secondaryTutorEntry: TutorStatus;
};

/** A usage entry of the ledger: who changed the used hours, and why. */
export type UsageEntry = Pick<
  Prisma.HoursLedgerEntryUncheckedCreateInput,
  'reason' | 'actorUserId' | 'actorRole' | 'actorName' | 'tutorId' | 'sessionDate' | 'bookingId'
>;

/** The only file of the packages module that touches the database for the packages and their ledger. */
@Injectable()
export class PackagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByPayment(tx: Tx, paymentId: string): Promise<HoursPackage | null> {
    return tx.hoursPackage.findUnique({ where: { paymentId } });
  }

  createForPayment(tx: Tx, payment: PaymentSucceededV1, buyerEmailKey: string | null): Promise<HoursPackage> {
    return tx.hoursPackage.create({
      data: {
        paymentId: payment.paymentId,
        userId: payment.userId,
        buyerEmailKey,
        subject: payment.subject,
        packageName: payment.packageName,
        ...creditedHours(payment.hours),
        purchaseDate: new Date(payment.paidAt),
      },
    });
  }

  listForUser(userId: number): Promise<HoursPackage[]> {
    return this.prisma.hoursPackage.findMany({ where: { userId }, orderBy: newestFirst });
  }

  /** With whether each assigned tutor's entry is active: the admin reassigns a dismissed tutor's packages. */
  listForUsers(userIds: number[]): Promise<PackageWithTutorStatus[]> {
    const status = { select: { active: true } } as const;
    return this.prisma.hoursPackage.findMany({
      where: { userId: { in: userIds } },
      orderBy: newestFirst,
      include: { primaryTutorEntry: status, secondaryTutorEntry: status },
    });
  }

  listForTutor(tutorId: number): Promise<HoursPackage[]> {
    return this.prisma.hoursPackage.findMany({
      where: { OR: [{ primaryTutorId: tutorId }, { secondaryTutorId: tutorId }] },
      orderBy: newestFirst,
    });
  }

  findWithTutors(packageId: number): Promise<PackageWithTutors | null> {
    return this.prisma.hoursPackage.findUnique({
      where: { id: packageId },
      include: { primaryTutorEntry: true, secondaryTutorEntry: true },
    });
  }

  ledgerOf(packageId: number): Promise<HoursLedgerEntry[]> {
    return this.prisma.hoursLedgerEntry.findMany({
      where: { sessionId: packageId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  exists(packageId: number): Promise<boolean> {
    return this.prisma.hoursPackage.count({ where: { id: packageId } }).then((count) => count > 0);
  }

  /**
   * Updates the package only where `where` still holds, so a rule written there holds even if the
   * package changes meanwhile; null when nothing matched.
   */
  async updateWhere(
    packageId: number,
    where: Prisma.HoursPackageWhereInput,
    data: Prisma.HoursPackageUncheckedUpdateManyInput,
  ): Promise<HoursPackage | null> {
    const [updated] = await this.prisma.hoursPackage.updateManyAndReturn({ where: { ...where, id: packageId }, data });
    return updated ?? null;
  }

  tutorOfLogin(userId: number): Promise<Tutor | null> {
    return this.prisma.tutor.findUnique({ where: { userId } });
  }

  /** Exact, case-insensitive match on the directory, so a typed name still links to its tutor. */
  directoryEntry(name: string): Promise<Tutor | null> {
    return this.prisma.tutor.findFirst({
      where: { name: { equals: name.trim(), mode: 'insensitive' } },
      orderBy: [{ active: 'desc' }, { id: 'asc' }],
    });
  }

  /**
   * Runs `work` in a transaction holding the package's row lock, the lock every change of its hours
   * takes (refunds and disputes too); null when the package does not exist.
   */
  inTransactionWithLock<T>(packageId: number, work: (tx: Tx, locked: HoursPackage) => Promise<T>): Promise<T | null> {
    return this.prisma.$transaction(async (tx) => {
      const locked = await this.lockPackage(tx, packageId);
      return locked ? work(tx, locked) : null;
    });
  }

  /** Takes the package's row lock for the rest of `tx` and reads the package under it. */
  async lockPackage(tx: Tx, packageId: number): Promise<HoursPackage | null> {
    await tx.$queryRaw`SELECT id FROM user_sessions WHERE id = ${packageId} FOR UPDATE`;
    return tx.hoursPackage.findUnique({ where: { id: packageId } });
  }

  /**
   * Whether the tutor's entry is still active, read under a share lock for the rest of `tx`: a
   * deactivation either commits first and is seen here, or waits until this transaction ends.
   */
  async isTutorActive(tx: Tx, tutorId: number): Promise<boolean> {
    const [row] = await tx.$queryRaw<{ active: boolean }[]>`SELECT active FROM tutors WHERE id = ${tutorId} FOR SHARE`;
    return row?.active === true;
  }

  /** The new used hours, their ledger entry and (when there is one) the event commit together. */
  async recordUsage(
    tx: Tx,
    locked: HoursPackage,
    usedHours: number,
    delta: number,
    entry: UsageEntry,
    eventFor: (entry: HoursLedgerEntry) => EventEnvelope | null,
  ): Promise<HoursPackage> {
    const updated = await tx.hoursPackage.update({ where: { id: locked.id }, data: { usedHours } });
    const created = await tx.hoursLedgerEntry.create({
      data: {
        ...entry,
        sessionId: locked.id,
        kind: 'usage',
        delta,
        usedHoursAfter: usedHours,
        totalHoursAfter: locked.totalHours,
      },
    });
    const event = eventFor(created);
    if (event) await writeOutbox(tx, event);
    return updated;
  }
}

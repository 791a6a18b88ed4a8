import type { CatalogSubject, HoursLedgerEntryDto, LedgerEntryKind, PackageDto } from '@medtutor/contracts';
import type { HoursLedgerEntry, HoursPackage } from '../../generated/prisma/client.js';
import { decimalHours } from '../shared/hours.js';

/** An exam date is a calendar day: `YYYY-MM-DD`, never shifted by a time zone. */
export const toCalendarDate = (value: Date): string => value.toISOString().slice(0, 10);
export const fromCalendarDate = (value: string): Date => new Date(`${value}T00:00:00Z`);

export function toPackageDto(row: HoursPackage): PackageDto {
  return {
    id: row.id,
    userId: row.userId,
    // Written only from PaymentSucceededV1, whose subject is a CatalogSubject.
    subject: row.subject as CatalogSubject,
    packageName: row.packageName,
    totalHours: decimalHours(row.totalHours),
    usedHours: decimalHours(row.usedHours),
    purchaseDate: row.purchaseDate.toISOString(),
    examDate: row.examDate ? toCalendarDate(row.examDate) : null,
    assignedTutor: row.assignedTutor,
    tutorCalendarLink: row.tutorCalendarLink,
    secondaryTutor: row.secondaryTutor,
    secondaryTutorCalendarLink: row.secondaryTutorCalendarLink,
    hasDualTutors: row.hasDualTutors,
    originalHours: decimalHours(row.originalHours),
    overdrawnHours: decimalHours(row.overdrawnHours),
    reservedHours: decimalHours(row.reservedHours),
    frozenReason: row.frozenReason,
  };
}

export function toLedgerEntryDto(row: HoursLedgerEntry): HoursLedgerEntryDto {
  return {
    id: row.id,
    sessionId: row.sessionId,
    // Written only by this service, from LedgerEntryKinds.
    kind: row.kind as LedgerEntryKind,
    deltaHours: decimalHours(row.delta),
    usedHoursAfter: decimalHours(row.usedHoursAfter),
    totalDeltaHours: decimalHours(row.totalDelta),
    totalHoursAfter: decimalHours(row.totalHoursAfter),
    reason: row.reason,
    actorRole: row.actorRole as HoursLedgerEntryDto['actorRole'],
    actorName: row.actorName,
    createdAt: row.createdAt.toISOString(),
  };
}

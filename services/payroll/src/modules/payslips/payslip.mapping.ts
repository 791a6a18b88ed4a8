import type { LoggedWeekPackage, Payslip, PayslipStatusChange } from '../../generated/prisma/client.js';
import type { PayslipDto, PayslipStatus, PayslipStatusChangeDto } from '@medtutor/contracts';
import { decimalNumber, toCalendarDate } from '../shared/calendar.js';

export type PayslipWithHistory = Payslip & { history: PayslipStatusChange[] };

const toStatusChangeDto = (row: PayslipStatusChange): PayslipStatusChangeDto => ({
  // Written only by this service, from PayslipStatuses.
  fromStatus: row.fromStatus as PayslipStatus | null,
  toStatus: row.toStatus as PayslipStatus,
  changedByUserId: row.changedByUserId,
  changedByRole: row.changedByRole as PayslipStatusChangeDto['changedByRole'],
  changedAt: row.changedAt.toISOString(),
});

export function toPayslipDto(row: PayslipWithHistory): PayslipDto {
  return {
    id: row.id,
    tutorId: row.tutorId,
    tutorName: row.tutorName,
    tutorEmail: row.tutorEmail,
    weekStarting: toCalendarDate(row.weekStarting),
    hoursWorked: decimalNumber(row.hoursWorked),
    studentNotes: row.studentNotes,
    additionalNotes: row.additionalNotes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: row.history.map(toStatusChangeDto),
  };
}

/**
 * "<student's name> (<subject>): <hours> h" per package, the name from payroll's read model of
 * identity's events; "Student #<id>" while it has not heard of the student.
 */
export function studentNotesOf(
  packages: readonly LoggedWeekPackage[],
  names: ReadonlyMap<number, string>,
): string | null {
  const lines = packages.map(
    (pkg) =>
      `${names.get(pkg.studentUserId) ?? `Student #${pkg.studentUserId}`} (${pkg.subject}): ${decimalNumber(pkg.hours)} h`,
  );
  return lines.length ? lines.join('\n') : null;
}

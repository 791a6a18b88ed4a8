import type { ExportedLoggedHours, PayrollExport } from '@medtutor/contracts';
import type { LoggedWeekPackage } from '../../generated/prisma/client.js';
import { toPayslipDto } from '../payslips/payslip.mapping.js';
import { decimalNumber, toCalendarDate } from '../shared/calendar.js';
import type { PayrollRecords } from './privacy-export.repository.js';

/** A line's id is its key: tutor, week and package. */
export const toExportedLoggedHours = (row: LoggedWeekPackage): ExportedLoggedHours => ({
  tutorId: row.tutorId,
  weekStarting: toCalendarDate(row.weekStarting),
  sessionId: row.sessionId,
  subject: row.subject,
  hours: decimalNumber(row.hours),
});

/**
 * Payroll's section. As a student: the hours tutors logged for your packages (the tutor by id: the
 * tutor's name and pay are theirs). As a tutor: your account, payslips with their history and the
 * hours logged per week.
 */
export function toPayrollExport(records: PayrollRecords): PayrollExport {
  const { tutor } = records;
  return {
    asStudent: { loggedHours: records.loggedHours.map(toExportedLoggedHours), studentName: records.studentName },
    asTutor: tutor
      ? {
          tutorId: tutor.account.tutorId,
          name: tutor.account.name,
          email: tutor.account.email,
          payslips: tutor.payslips.map(toPayslipDto),
          loggedWeeks: tutor.loggedWeeks.map((week) => ({
            weekStarting: toCalendarDate(week.weekStarting),
            hours: decimalNumber(week.hours),
          })),
        }
      : null,
  };
}

import type { HoursLedgerEntryDto, TutorStudentPackageDto } from '@medtutor/contracts';
import { weekStartOf } from '../../overview/utils/aggregate';

/** Monday of the current week, the default week of a new timesheet. */
export const currentWeekStart = (now: Date = new Date()): string => weekStartOf(now.toISOString());

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Whether an instant falls in the 7 days from `weekStarting` (spec section 3: the week spans 7 days). */
export const inWeek = (iso: string, weekStarting: string): boolean => {
  const day = iso.slice(0, 10);
  return day >= weekStarting && day < addDays(weekStarting, 7);
};

/** The tutor's own name on a package: the primary or the secondary tutor, whichever they are. */
export const tutorNameOn = (pkg: TutorStudentPackageDto): string | null =>
  pkg.tutorRole === 'primary' ? pkg.assignedTutor : pkg.secondaryTutor;

export interface LoggedWeek {
  hours: number;
  /** "Student (subject): hours", one line per package, for the timesheet's students-tutored notes. */
  studentNotes: string;
}

/**
 * Hours this tutor logged in the week, from the packages' ledgers: deductions made by a tutor under
 * this tutor's name. Admin corrections do not count towards a timesheet.
 */
export function loggedInWeek(
  packages: readonly { pkg: TutorStudentPackageDto; label: string; ledger: readonly HoursLedgerEntryDto[] }[],
  weekStarting: string,
): LoggedWeek {
  let hours = 0;
  const lines: string[] = [];
  for (const { pkg, label, ledger } of packages) {
    const name = tutorNameOn(pkg);
    const mine = ledger.filter(
      (entry) =>
        entry.actorRole === 'tutor' &&
        entry.deltaHours > 0 &&
        (name === null || entry.actorName === null || entry.actorName === name) &&
        inWeek(entry.createdAt, weekStarting),
    );
    const sum = mine.reduce((total, entry) => total + entry.deltaHours, 0);
    if (sum > 0) {
      hours += sum;
      lines.push(`${label} (${pkg.subject}): ${sum} h`);
    }
  }
  return { hours, studentNotes: lines.join('\n') };
}

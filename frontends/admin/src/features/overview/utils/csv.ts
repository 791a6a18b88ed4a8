import type { AdminUserWithPackagesDto } from '@medtutor/contracts';
import Papa from 'papaparse';
import type { PayslipDto as Payslip } from '@medtutor/contracts';

/** One row per package; a student without packages still gets a row, so no one is missing. */
type Row = Record<string, string | number>;

export function studentRows(users: readonly AdminUserWithPackagesDto[]): Row[] {
  return users.flatMap((user): Row[] => {
    const contact = {
      'Student ID': user.id,
      Username: user.username,
      'First name': user.firstName ?? '',
      'Last name': user.lastName ?? '',
      Email: user.email,
      Phone: user.phone ?? '',
      'Free trial used': user.freeTrialUsed ? 'Yes' : 'No',
    };
    const none = {
      Subject: '',
      Package: '',
      'Hours bought': '',
      'Total hours': '',
      'Used hours': '',
      'Remaining hours': '',
      'Overdrawn hours': '',
      'On hold': '',
      'Purchase date': '',
      'Exam date': '',
      Tutor: '',
      'Second tutor': '',
    };
    if (user.sessions.length === 0) return [{ ...contact, ...none }];
    return user.sessions.map((pkg) => ({
      ...contact,
      Subject: pkg.subject,
      Package: pkg.packageName,
      // Bought and total differ once a refund took hours back; overdrawn is what it could not take.
      'Hours bought': pkg.originalHours,
      'Total hours': pkg.totalHours,
      'Used hours': pkg.usedHours,
      'Remaining hours': Math.max(0, pkg.totalHours - pkg.usedHours),
      'Overdrawn hours': pkg.overdrawnHours,
      'On hold': pkg.frozenReason ?? '',
      'Purchase date': pkg.purchaseDate.slice(0, 10),
      'Exam date': pkg.examDate ?? '',
      Tutor: pkg.assignedTutor ?? '',
      'Second tutor': pkg.hasDualTutors ? (pkg.secondaryTutor ?? '') : '',
    }));
  });
}

export function payslipRows(payslips: readonly Payslip[]): Row[] {
  return payslips.map((payslip) => ({
    'Payslip ID': payslip.id,
    Tutor: payslip.tutorName,
    'Tutor email': payslip.tutorEmail ?? '',
    'Week starting': payslip.weekStarting.slice(0, 10),
    'Hours worked': payslip.hoursWorked,
    Status: payslip.status,
    'Students tutored': payslip.studentNotes ?? '',
    Notes: payslip.additionalNotes ?? '',
  }));
}

/**
 * CSV text for spreadsheets. Cells starting with = + - @ are prefixed with a quote so a name typed
 * by a visitor cannot run as a formula when the file is opened.
 */
export const toCsv = (rows: Row[]): string => Papa.unparse(rows, { escapeFormulae: true });

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

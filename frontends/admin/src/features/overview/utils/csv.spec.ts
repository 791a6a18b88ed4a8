import { describe, expect, it } from '@jest/globals';
import type { AdminUserWithPackagesDto } from '@medtutor/contracts';
import { payslipRows, studentRows, toCsv } from './csv';

const user: AdminUserWithPackagesDto = {
  id: 7,
  username: 'alexj',
  email: 'alex@example.com',
  firstName: 'Alex',
  lastName: 'Jones',
  phone: '07123456789',
  freeTrialUsed: true,
  role: 'student',
  isAdmin: false,
  consent: { state: 'adult', consentGivenAt: null },
  sessions: [
    {
      id: 3,
      userId: 7,
      subject: 'Medical School Interviews',
      packageName: '10 Sessions',
      totalHours: 10,
      usedHours: 2.5,
      reservedHours: 0,
      purchaseDate: '2026-11-18T10:00:00.000Z',
      examDate: '2027-01-10',
      assignedTutor: 'Dr A',
      tutorCalendarLink: 'https://cal.example/a',
      secondaryTutor: 'Dr B',
      secondaryTutorCalendarLink: 'https://cal.example/b',
      hasDualTutors: true,
      originalHours: 10,
      overdrawnHours: 0,
      frozenReason: null,
      tutorDeactivated: false,
    },
  ],
};

describe('CSV rows', () => {
  it('writes one row per package with contact details and remaining hours', () => {
    const [row] = studentRows([user]);
    expect(row).toMatchObject({
      Email: 'alex@example.com',
      Subject: 'Medical School Interviews',
      'Remaining hours': 7.5,
      'Second tutor': 'Dr B',
      'Purchase date': '2026-11-18',
    });
  });

  it('shows what a refund took back, what it could not, and a hold', () => {
    const [row] = studentRows([
      {
        ...user,
        sessions: [
          {
            ...user.sessions[0]!,
            originalHours: 10,
            totalHours: 6,
            usedHours: 6,
            overdrawnHours: 1,
            frozenReason: 'This package is on hold while a payment dispute is reviewed',
          },
        ],
      },
    ]);
    expect(row).toMatchObject({
      'Hours bought': 10,
      'Total hours': 6,
      'Remaining hours': 0,
      'Overdrawn hours': 1,
      'On hold': 'This package is on hold while a payment dispute is reviewed',
    });
    expect(toCsv([row!]).split('\r\n')[0]).toBe(
      'Student ID,Username,First name,Last name,Email,Phone,Free trial used,Subject,Package,Hours bought,Total hours,' +
        'Used hours,Remaining hours,Overdrawn hours,On hold,Purchase date,Exam date,Tutor,Second tutor',
    );
  });

  it('keeps students without packages', () => {
    const rows = studentRows([{ ...user, sessions: [] }]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Username: 'alexj', Subject: '', 'Hours bought': '', 'On hold': '' });
    // The same columns as a row with a package, so the CSV header fits both.
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(studentRows([user])[0]!));
  });

  it('writes payslips and neutralises formulae', () => {
    const rows = payslipRows([
      {
        id: 1,
        tutorId: 2,
        tutorName: '=HYPERLINK("x")',
        tutorEmail: null,
        weekStarting: '2026-11-16',
        hoursWorked: 3.5,
        studentNotes: null,
        additionalNotes: null,
        status: 'approved',
        createdAt: '2026-11-22T00:00:00.000Z',
        updatedAt: '2026-11-22T00:00:00.000Z',
        history: [],
      },
    ]);
    expect(rows[0]).toMatchObject({ 'Hours worked': 3.5, Status: 'approved', 'Tutor email': '' });
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe(
      'Payslip ID,Tutor,Tutor email,Week starting,Hours worked,Status,Students tutored,Notes',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

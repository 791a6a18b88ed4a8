import { describe, expect, it } from '@jest/globals';
import { PayrollExportSchema } from '@medtutor/contracts';
import { Prisma } from '../../generated/prisma/client.js';
import { toPayrollExport } from './privacy-export.mapping.js';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('toPayrollExport', () => {
  it("exports a student's logged hours lines with their key and no tutor section", () => {
    const exported = PayrollExportSchema.strict().parse(
      toPayrollExport({
        loggedHours: [
          {
            tutorId: 3,
            weekStarting: day('2026-03-02'),
            sessionId: 11,
            studentUserId: 7,
            subject: 'UCAT',
            hours: new Prisma.Decimal(1.5),
          },
        ],
        studentName: 'Amelia Hart',
        tutor: null,
      }),
    );
    expect(exported).toEqual({
      asStudent: {
        loggedHours: [{ tutorId: 3, weekStarting: '2026-03-02', sessionId: 11, subject: 'UCAT', hours: 1.5 }],
        studentName: 'Amelia Hart',
      },
      asTutor: null,
    });
  });

  it("exports a tutor's account, payslips with history and logged weeks", () => {
    const exported = PayrollExportSchema.strict().parse(
      toPayrollExport({
        loggedHours: [],
        studentName: null,
        tutor: {
          account: { userId: 30, tutorId: 3, name: 'Dr Ada', email: 'ada@medpath.local' },
          payslips: [
            {
              id: 9,
              tutorId: 3,
              tutorUserId: 30,
              tutorName: 'Dr Ada',
              tutorEmail: 'ada@medpath.local',
              weekStarting: day('2026-03-02'),
              hoursWorked: new Prisma.Decimal(4),
              studentNotes: null,
              additionalNotes: null,
              status: 'submitted',
              createdAt: new Date('2026-03-08T10:00:00Z'),
              updatedAt: new Date('2026-03-08T10:00:00Z'),
              history: [
                {
                  id: 1,
                  payslipId: 9,
                  fromStatus: 'draft',
                  toStatus: 'submitted',
                  changedByUserId: 30,
                  changedByRole: 'tutor',
                  changedAt: new Date('2026-03-08T10:00:00Z'),
                },
              ],
            },
          ],
          loggedWeeks: [{ tutorId: 3, weekStarting: day('2026-03-02'), hours: new Prisma.Decimal(4) }],
        },
      }),
    );
    expect(exported.asTutor).toMatchObject({
      tutorId: 3,
      name: 'Dr Ada',
      payslips: [{ id: 9, weekStarting: '2026-03-02', hoursWorked: 4, history: [{ toStatus: 'submitted' }] }],
      loggedWeeks: [{ weekStarting: '2026-03-02', hours: 4 }],
    });
  });
});

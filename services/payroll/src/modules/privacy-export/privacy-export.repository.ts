import { Injectable } from '@nestjs/common';
import type { LoggedWeek, LoggedWeekPackage, TutorAccount } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import type { PayslipWithHistory } from '../payslips/payslip.mapping.js';

/** Everything payroll holds about one user, as rows: as a student, and as a tutor if they are one. */
export interface PayrollRecords {
  loggedHours: LoggedWeekPackage[];
  studentName: string | null;
  tutor: { account: TutorAccount; payslips: PayslipWithHistory[]; loggedWeeks: LoggedWeek[] } | null;
}

/** The only file of the export module that touches the database. */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  async recordsOf(userId: number): Promise<PayrollRecords> {
    const [loggedHours, studentName, account] = await Promise.all([
      this.prisma.loggedWeekPackage.findMany({
        where: { studentUserId: userId },
        orderBy: [{ weekStarting: 'asc' }, { tutorId: 'asc' }, { sessionId: 'asc' }],
      }),
      this.prisma.studentName.findUnique({ where: { userId } }),
      this.prisma.tutorAccount.findUnique({ where: { userId } }),
    ]);
    return {
      loggedHours,
      studentName: studentName?.name ?? null,
      tutor: account && (await this.tutorRecords(account)),
    };
  }

  private async tutorRecords(account: TutorAccount): Promise<NonNullable<PayrollRecords['tutor']>> {
    const [payslips, loggedWeeks] = await Promise.all([
      this.prisma.payslip.findMany({
        where: { tutorUserId: account.userId },
        include: { history: { orderBy: { changedAt: 'asc' } } },
        orderBy: [{ weekStarting: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.loggedWeek.findMany({ where: { tutorId: account.tutorId }, orderBy: { weekStarting: 'asc' } }),
    ]);
    return { account, payslips, loggedWeeks };
  }
}

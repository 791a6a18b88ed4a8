import { Injectable } from '@nestjs/common';
import { studentNamesOf } from '@medtutor/nest-kit';
import type { LoggedWeekPackage, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { fromCalendarDate } from '../shared/calendar.js';
import type { LoggedSession } from './logged-hours.rules.js';

type Tx = Prisma.TransactionClient;

@Injectable()
export class LoggedHoursRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Adds a session's hours to its week, in total and per package; on the consumer's transaction. */
  async add(tx: Tx, session: LoggedSession): Promise<void> {
    const weekStarting = fromCalendarDate(session.weekStarting);
    await tx.loggedWeek.upsert({
      where: { tutorId_weekStarting: { tutorId: session.tutorId, weekStarting } },
      update: { hours: { increment: session.hours } },
      create: { tutorId: session.tutorId, weekStarting, hours: session.hours },
    });
    await tx.loggedWeekPackage.upsert({
      where: {
        tutorId_weekStarting_sessionId: { tutorId: session.tutorId, weekStarting, sessionId: session.sessionId },
      },
      update: { hours: { increment: session.hours } },
      create: { ...session, weekStarting },
    });
  }

  async week(tutorId: number, weekStarting: string): Promise<{ hours: number; packages: LoggedWeekPackage[] }> {
    const day = fromCalendarDate(weekStarting);
    // One snapshot, so the total and its split never straddle a session being added.
    const [week, packages] = await this.prisma.$transaction(
      [
        this.prisma.loggedWeek.findUnique({ where: { tutorId_weekStarting: { tutorId, weekStarting: day } } }),
        this.prisma.loggedWeekPackage.findMany({
          where: { tutorId, weekStarting: day },
          orderBy: [{ studentUserId: 'asc' }, { sessionId: 'asc' }],
        }),
      ],
      { isolationLevel: 'RepeatableRead' },
    );
    return { hours: week ? Number(week.hours.toString()) : 0, packages };
  }

  /** The students' names payroll has heard of (student_names, kept from identity's events); the others are absent. */
  studentNames(userIds: readonly number[]): Promise<Map<number, string>> {
    return studentNamesOf(this.prisma, userIds);
  }
}

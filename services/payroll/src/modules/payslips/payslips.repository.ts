import { Injectable } from '@nestjs/common';
import type { EventEnvelope, SavePayslipData } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { fromCalendarDate } from '../shared/calendar.js';
import type { PayslipWithHistory } from './payslip.mapping.js';
import type { StatusChanger, Transition } from './payslip.rules.js';

const withHistory = { history: { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }] } } satisfies Prisma.PayslipInclude;
const newestFirst = [{ weekStarting: 'desc' }, { id: 'desc' }] satisfies Prisma.PayslipOrderByWithRelationInput[];

export interface NewDraft extends SavePayslipData {
  tutorId: number;
  tutorUserId: number;
  tutorName: string;
  tutorEmail: string | null;
}

export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

@Injectable()
export class PayslipsRepository {
  constructor(private readonly prisma: PrismaService) {}

  listAll(): Promise<PayslipWithHistory[]> {
    return this.prisma.payslip.findMany({ include: withHistory, orderBy: newestFirst });
  }

  listForTutorUser(tutorUserId: number): Promise<PayslipWithHistory[]> {
    return this.prisma.payslip.findMany({ where: { tutorUserId }, include: withHistory, orderBy: newestFirst });
  }

  findById(id: number): Promise<PayslipWithHistory | null> {
    return this.prisma.payslip.findUnique({ where: { id }, include: withHistory });
  }

  findForWeek(tutorId: number, weekStarting: string): Promise<PayslipWithHistory | null> {
    return this.prisma.payslip.findUnique({
      where: { tutorId_weekStarting: { tutorId, weekStarting: fromCalendarDate(weekStarting) } },
      include: withHistory,
    });
  }

  /** The draft, its first history entry and its event commit together. */
  createDraft(
    draft: NewDraft,
    by: StatusChanger,
    eventFor: (created: PayslipWithHistory) => EventEnvelope,
  ): Promise<PayslipWithHistory> {
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.payslip.create({
        data: {
          ...draft,
          weekStarting: fromCalendarDate(draft.weekStarting),
          status: 'draft',
          history: {
            create: { fromStatus: null, toStatus: 'draft', changedByUserId: by.userId, changedByRole: by.role },
          },
        },
        include: withHistory,
      });
      await writeOutbox(tx, eventFor(created));
      return created;
    });
  }

  /** Only while it is still the owner's draft; null when it no longer is. */
  async updateDraft(id: number, tutorUserId: number, data: SavePayslipData): Promise<PayslipWithHistory | null> {
    const { count } = await this.prisma.payslip.updateMany({
      where: { id, tutorUserId, status: 'draft' },
      data: { hoursWorked: data.hoursWorked, studentNotes: data.studentNotes, additionalNotes: data.additionalNotes },
    });
    return count ? this.findById(id) : null;
  }

  /**
   * Moves the payslip on only if it is still in the transition's starting status (and, for a tutor,
   * still theirs): the condition sits in the UPDATE, so two clicks cannot both succeed. The history
   * entry and the event commit with it. Null when nothing matched.
   */
  changeStatus(
    id: number,
    transition: Transition,
    by: StatusChanger,
    eventFor: (changed: PayslipWithHistory) => EventEnvelope,
  ): Promise<PayslipWithHistory | null> {
    const ownerOnly = by.role === 'tutor' ? { tutorUserId: by.userId } : {};
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.payslip.updateMany({
        where: { id, status: transition.from, ...ownerOnly },
        data: { status: transition.to },
      });
      if (!count) return null;
      await tx.payslipStatusChange.create({
        data: {
          payslipId: id,
          fromStatus: transition.from,
          toStatus: transition.to,
          changedByUserId: by.userId,
          changedByRole: by.role,
        },
      });
      const changed = await tx.payslip.findUniqueOrThrow({ where: { id }, include: withHistory });
      await writeOutbox(tx, eventFor(changed));
      return changed;
    });
  }

  /** History rows go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<boolean> {
    const { count } = await this.prisma.payslip.deleteMany({ where: { id } });
    return count > 0;
  }
}

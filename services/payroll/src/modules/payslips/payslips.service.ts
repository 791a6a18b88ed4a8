import { Injectable } from '@nestjs/common';
import {
  type Actor,
  EventTypes,
  PayrollMessages,
  type PayslipDto,
  type PayslipStatus,
  type PayslipStatusChangedV1,
  type PayslipWeekDto,
  type SavePayslipData,
} from '@medtutor/contracts';
import { newEvent, OutboxRelay, requireRole } from '@medtutor/nest-kit';
import { LoggedHoursRepository } from '../logged-hours/logged-hours.repository.js';
import { payslipNotFound, statusConflict, tutorDeactivated, tutorNotLinked } from '../shared/payroll.errors.js';
import { decimalNumber, toCalendarDate } from '../shared/calendar.js';
import { TutorAccountsRepository } from '../tutor-accounts/tutor-accounts.repository.js';
import { studentNotesOf, toPayslipDto, type PayslipWithHistory } from './payslip.mapping.js';
import {
  isOwnPayslip,
  mayEditDraft,
  moveRefusal,
  type StatusChanger,
  type Transition,
  Transitions,
} from './payslip.rules.js';
import { isUniqueViolation, PayslipsRepository } from './payslips.repository.js';

const statusChangedEvent = (
  payslip: PayslipWithHistory,
  fromStatus: PayslipStatus | null,
  by: StatusChanger,
  correlationId: string | null,
) => {
  const data: PayslipStatusChangedV1 = {
    payslipId: payslip.id,
    tutorId: payslip.tutorId,
    weekStarting: toCalendarDate(payslip.weekStarting),
    hoursWorked: decimalNumber(payslip.hoursWorked),
    fromStatus,
    toStatus: payslip.status as PayslipStatus,
    changedByUserId: by.userId,
  };
  return newEvent(EventTypes.payslipStatusChanged, 1, data, correlationId);
};

@Injectable()
export class PayslipsService {
  constructor(
    private readonly payslips: PayslipsRepository,
    private readonly accounts: TutorAccountsRepository,
    private readonly logged: LoggedHoursRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /* Admin */

  async listAll(actor: Actor | null): Promise<PayslipDto[]> {
    requireRole(actor, 'admin');
    return (await this.payslips.listAll()).map(toPayslipDto);
  }

  approve(id: number, actor: Actor | null, correlationId: string | null): Promise<PayslipDto> {
    return this.move(id, Transitions.approve, requireRole(actor, 'admin'), correlationId);
  }

  markPaid(id: number, actor: Actor | null, correlationId: string | null): Promise<PayslipDto> {
    return this.move(id, Transitions.markPaid, requireRole(actor, 'admin'), correlationId);
  }

  /** Any status: an admin removes a timesheet filed by mistake, even a paid one. */
  async delete(id: number, actor: Actor | null): Promise<{ deleted: true }> {
    requireRole(actor, 'admin');
    if (!(await this.payslips.delete(id))) throw payslipNotFound();
    return { deleted: true };
  }

  /* Tutor: only their own payslips, found by the login that filed them */

  async listMine(actor: Actor | null): Promise<PayslipDto[]> {
    const tutor = requireRole(actor, 'tutor');
    return (await this.payslips.listForTutorUser(tutor.userId)).map(toPayslipDto);
  }

  /** The form's prefill: hours and students from the sessions the tutor logged that week. */
  async week(weekStarting: string, actor: Actor | null): Promise<PayslipWeekDto> {
    const tutor = requireRole(actor, 'tutor');
    const account = await this.accounts.findByUserId(tutor.userId);
    if (!account) throw tutorNotLinked();
    const [logged, payslip] = await Promise.all([
      this.logged.week(account.tutorId, weekStarting),
      this.payslips.findForWeek(account.tutorId, weekStarting),
    ]);
    const names = await this.logged.studentNames(logged.packages.map((pkg) => pkg.studentUserId));
    return {
      weekStarting,
      loggedHours: logged.hours,
      loggedStudentNotes: studentNotesOf(logged.packages, names),
      payslip: payslip && isOwnPayslip(payslip, tutor.userId) ? toPayslipDto(payslip) : null,
    };
  }

  /** Creates the tutor's draft for the week, or updates it while it is still a draft. */
  async saveDraft(body: SavePayslipData, actor: Actor | null, correlationId: string | null): Promise<PayslipDto> {
    const tutor = requireRole(actor, 'tutor');
    const account = await this.accounts.findByUserId(tutor.userId);
    if (!account) throw tutorNotLinked();
    if (await this.accounts.isDeactivated(account.tutorId)) throw tutorDeactivated();
    const existing = await this.payslips.findForWeek(account.tutorId, body.weekStarting);
    if (existing) {
      if (!mayEditDraft(existing, tutor.userId)) throw statusConflict(PayrollMessages.notDraft);
      const updated = await this.payslips.updateDraft(existing.id, tutor.userId, body);
      if (!updated) throw statusConflict(PayrollMessages.notDraft);
      return toPayslipDto(updated);
    }
    const by: StatusChanger = { userId: tutor.userId, role: 'tutor' };
    try {
      const created = await this.payslips.createDraft(
        {
          ...body,
          tutorId: account.tutorId,
          tutorUserId: tutor.userId,
          tutorName: account.name,
          tutorEmail: account.email,
        },
        by,
        (payslip) => statusChangedEvent(payslip, null, by, correlationId),
      );
      this.relay.nudge();
      return toPayslipDto(created);
    } catch (error) {
      // A second save of the same week won the race: this one becomes an update of that draft.
      if (isUniqueViolation(error)) return this.saveDraft(body, actor, correlationId);
      throw error;
    }
  }

  async submit(id: number, actor: Actor | null, correlationId: string | null): Promise<PayslipDto> {
    const tutor = requireRole(actor, 'tutor');
    const account = await this.accounts.findByUserId(tutor.userId);
    if (account && (await this.accounts.isDeactivated(account.tutorId))) throw tutorDeactivated();
    return this.move(id, Transitions.submit, tutor, correlationId);
  }

  private async move(
    id: number,
    transition: Transition,
    actor: Actor,
    correlationId: string | null,
  ): Promise<PayslipDto> {
    const by: StatusChanger = { userId: actor.userId, role: transition.by };
    const changed = await this.payslips.changeStatus(id, transition, by, (payslip) =>
      statusChangedEvent(payslip, transition.from, by, correlationId),
    );
    if (changed) {
      this.relay.nudge();
      return toPayslipDto(changed);
    }
    const current = await this.payslips.findById(id);
    if (moveRefusal(current, by) === 'not-found') throw payslipNotFound();
    throw statusConflict(transition.refusal);
  }
}

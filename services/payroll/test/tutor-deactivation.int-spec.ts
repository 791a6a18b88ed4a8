import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  ErrorCodes,
  EventTypes,
  eventSubject,
  PayslipDtoSchema,
  PayslipListSchema,
  Subjects,
  type TutorChangedV1,
  TutorDeactivationMessages,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, type SignedRpc, signedRpc, sql, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startPayrollUnderTest } from './support/harness.js';
import { PAYROLL_TUTOR_CHANGED_CONSUMER } from '../src/modules/tutor-accounts/tutor-changed.consumer.js';

const admin: Actor = { userId: 1, role: 'admin' };
const tutor: Actor = { userId: 20, role: 'tutor' };
const TUTOR_ID = 3;
const refusal = { code: ErrorCodes.tutorDeactivated, message: TutorDeactivationMessages.deactivated };
const week = (weekStarting: string) => ({ weekStarting, hoursWorked: 3, studentNotes: 'Sam: interview practice' });

/**
 * Issue 24 inside payroll: once tutoring's tutor_changed says the entry is deactivated, its login
 * saves and submits no timesheet, whatever the gateway let through; what was filed stays listed for
 * the admins; a reactivation (a later version) opens it again, an older event arriving late does not.
 */
describe('a deactivated tutor in payroll', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  let call: SignedRpc['call'];
  let fail: SignedRpc['fail'];
  let draftId: number;

  const publish = async (type: string, data: unknown): Promise<string> => {
    const envelope = newEvent(type, 1, data, 'payroll-test');
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope));
    return envelope.id;
  };
  const announce = async (entry: TutorChangedV1) => {
    const id = await publish(EventTypes.tutorChanged, entry);
    await eventually(
      async () =>
        (
          await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
            PAYROLL_TUTOR_CHANGED_CONSUMER,
            id,
          ])
        ).length > 0,
      10_000,
      `tutor_changed ${id}`,
    );
  };

  beforeAll(async () => {
    service = await startPayrollUnderTest('payroll_tutor_deactivation');
    ({ call, fail } = signedRpc(service.client, 'payroll-test'));
    nc = await connect({ servers: service.nats.url });
    await publish(EventTypes.tutorInvited, {
      userId: tutor.userId,
      tutorId: TUTOR_ID,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Tutor',
      invitedBy: admin.userId,
    });
    await announce({ tutorId: TUTOR_ID, active: true, userId: tutor.userId, version: 1 });
    await eventually(
      async () => (await sql(service.db.url, 'SELECT 1 FROM tutor_accounts WHERE user_id = $1', [tutor.userId])).length,
      10_000,
      'the tutor login recorded',
    );
    draftId = PayslipDtoSchema.parse(await call(Subjects.payroll.saveMyPayslip, week('2026-11-23'), tutor)).id;
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('refuses saving and submitting timesheets once the entry is deactivated', async () => {
    await announce({ tutorId: TUTOR_ID, active: false, userId: tutor.userId, version: 2 });
    expect(await fail(Subjects.payroll.saveMyPayslip, week('2026-11-30'), tutor)).toEqual(refusal);
    expect(await fail(Subjects.payroll.saveMyPayslip, week('2026-11-23'), tutor)).toEqual(refusal);
    expect(await fail(Subjects.payroll.submitMyPayslip, { id: draftId }, tutor)).toEqual(refusal);
    const [row] = await sql<{ status: string }>(service.db.url, 'SELECT status FROM payslips WHERE id = $1', [draftId]);
    expect(row!.status).toBe('draft');
  });

  it('keeps what the tutor filed listed for the admins', async () => {
    const all = PayslipListSchema.parse(await call(Subjects.payroll.listPayslips, {}, admin));
    expect(all.map((payslip) => [payslip.id, payslip.tutorId, payslip.status])).toEqual([[draftId, TUTOR_ID, 'draft']]);
  });

  it('is not undone by an older event arriving late; a reactivation opens the timesheets again', async () => {
    await announce({ tutorId: TUTOR_ID, active: true, userId: tutor.userId, version: 1 });
    expect(await fail(Subjects.payroll.submitMyPayslip, { id: draftId }, tutor)).toEqual(refusal);
    await announce({ tutorId: TUTOR_ID, active: true, userId: tutor.userId, version: 3 });
    const submitted = PayslipDtoSchema.parse(await call(Subjects.payroll.submitMyPayslip, { id: draftId }, tutor));
    expect(submitted.status).toBe('submitted');
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  ErrorCodes,
  EventTypes,
  eventSubject,
  type HoursUsedV1,
  PayrollMessages,
  PayslipDtoSchema,
  PayslipListSchema,
  PayslipStatusChangedV1Schema,
  PayslipWeekDtoSchema,
  Subjects,
  type TutorInvitedV1,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, type SignedRpc, signedRpc, sql, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { startPayrollUnderTest } from './support/harness.js';

const admin: Actor = { userId: 1, role: 'admin' };
const student: Actor = { userId: 10, role: 'student' };
const tutorA: Actor = { userId: 20, role: 'tutor' };
const tutorB: Actor = { userId: 21, role: 'tutor' };
const unlinkedTutor: Actor = { userId: 99, role: 'tutor' };
const TUTOR_A_ID = 3;
const TUTOR_B_ID = 4;

describe('payroll payslips over NATS (real PostgreSQL and JetStream)', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;

  let call: SignedRpc['call'];
  let fail: SignedRpc['fail'];
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    sql<R>(service.db.url, text, values);
  /** Published without a message id, so a repeated event id reaches the consumer twice: a redelivery. */
  const publish = async (type: string, data: unknown, id: string = randomUUID()) => {
    await jetstream(nc).publish(eventSubject(type), JSON.stringify({ ...newEvent(type, 1, data, 'payroll-test'), id }));
    return id;
  };
  const inboxCount = async () => Number((await query<{ n: string }>('SELECT count(*) AS n FROM inbox_events'))[0]!.n);
  const waitForInbox = (count: number) =>
    eventually(async () => ((await inboxCount()) >= count ? true : undefined), 10_000, `${count} inbox rows`);
  const delivered = (overrides: Partial<HoursUsedV1>): HoursUsedV1 => ({
    sessionId: 5,
    ledgerEntryId: 1,
    userId: student.userId,
    subject: 'Medical School Interviews',
    packageName: '10 Sessions Package',
    hours: 1.5,
    usedHoursAfter: 1.5,
    totalHours: 10,
    date: '2026-11-25',
    tutorId: TUTOR_A_ID,
    tutorName: 'Dr Ada',
    tutorUserId: tutorA.userId,
    actorRole: 'tutor',
    reason: 'Session delivered',
    ...overrides,
  });
  const invited = (userId: number, tutorId: number, firstName: string): TutorInvitedV1 => ({
    userId,
    tutorId,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName: 'Tutor',
    invitedBy: admin.userId,
  });

  beforeAll(async () => {
    service = await startPayrollUnderTest('payroll_payslips');
    ({ call, fail } = signedRpc(service.client, 'payroll-test'));
    nc = await connect({ servers: service.nats.url });
    await publish(EventTypes.tutorInvited, invited(tutorA.userId, TUTOR_A_ID, 'Ada'));
    await publish(EventTypes.tutorInvited, invited(tutorB.userId, TUTOR_B_ID, 'Ben'));
    await waitForInbox(2);
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('records tutor logins from tutor_invited', async () => {
    expect(await query('SELECT user_id, tutor_id, name, email FROM tutor_accounts ORDER BY user_id')).toEqual([
      { user_id: tutorA.userId, tutor_id: TUTOR_A_ID, name: 'Ada Tutor', email: 'ada@example.com' },
      { user_id: tutorB.userId, tutor_id: TUTOR_B_ID, name: 'Ben Tutor', email: 'ben@example.com' },
    ]);
  });

  it("prefills a week from the tutor's delivered sessions, once per event, skipping admin corrections", async () => {
    const before = await inboxCount();
    const first = await publish(EventTypes.hoursUsed, delivered({ ledgerEntryId: 1 }));
    await publish(EventTypes.hoursUsed, delivered({ ledgerEntryId: 1 }), first); // redelivered
    await publish(EventTypes.hoursUsed, delivered({ ledgerEntryId: 2, hours: 2, date: '2026-11-23' }));
    await publish(
      EventTypes.hoursUsed,
      delivered({ ledgerEntryId: 3, sessionId: 6, userId: 11, hours: 1, date: '2026-11-29' }),
    );
    // Next week, an admin correction and another tutor's session stay out of A's week.
    await publish(EventTypes.hoursUsed, delivered({ ledgerEntryId: 4, date: '2026-11-30' }));
    await publish(
      EventTypes.hoursUsed,
      delivered({ ledgerEntryId: 5, actorRole: 'admin', tutorId: null, tutorUserId: null }),
    );
    await publish(
      EventTypes.hoursUsed,
      delivered({ ledgerEntryId: 6, tutorId: TUTOR_B_ID, tutorUserId: tutorB.userId, tutorName: 'Mr Ben', hours: 2 }),
    );
    // The admin correction is acknowledged without an inbox row: five distinct effects.
    await waitForInbox(before + 5);

    const week = PayslipWeekDtoSchema.parse(
      await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-26' }, tutorA),
    );
    expect(week).toEqual({
      weekStarting: '2026-11-23',
      loggedHours: 4.5,
      loggedStudentNotes:
        'Student #10 (Medical School Interviews): 3.5 h\nStudent #11 (Medical School Interviews): 1 h',
      payslip: null,
    });
    const next = PayslipWeekDtoSchema.parse(
      await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-30' }, tutorA),
    );
    expect(next.loggedHours).toBe(1.5);
    const weekOfB = PayslipWeekDtoSchema.parse(
      await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-23' }, tutorB),
    );
    expect(weekOfB.loggedHours).toBe(2);
  });

  it('refuses a tutor login that is not linked to a directory entry', async () => {
    const error = await fail(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-23' }, unlinkedTutor);
    expect(error).toMatchObject({ code: ErrorCodes.tutorNotLinked, message: PayrollMessages.tutorNotLinked });
    expect(
      (await fail(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-11-23', hoursWorked: 1 }, unlinkedTutor)).code,
    ).toBe(ErrorCodes.tutorNotLinked);
  });

  it('moves a payslip draft → submitted → approved → paid, refusing every other step, with history and events', async () => {
    const draft = PayslipDtoSchema.parse(
      await call(
        Subjects.payroll.saveMyPayslip,
        { weekStarting: '2026-11-25', hoursWorked: 4.5, studentNotes: 'Alex' },
        tutorA,
      ),
    );
    expect(draft).toMatchObject({
      tutorId: TUTOR_A_ID,
      tutorName: 'Ada Tutor',
      tutorEmail: 'ada@example.com',
      weekStarting: '2026-11-23',
      hoursWorked: 4.5,
      studentNotes: 'Alex',
      additionalNotes: null,
      status: 'draft',
      history: [{ fromStatus: null, toStatus: 'draft', changedByUserId: tutorA.userId, changedByRole: 'tutor' }],
    });

    // Saving the same week again edits the draft; no status change, so no new history entry.
    const edited = PayslipDtoSchema.parse(
      await call(
        Subjects.payroll.saveMyPayslip,
        { weekStarting: '2026-11-29', hoursWorked: '5.5', additionalNotes: 'Mock' },
        tutorA,
      ),
    );
    expect(edited).toMatchObject({ id: draft.id, hoursWorked: 5.5, studentNotes: null, additionalNotes: 'Mock' });
    expect(edited.history).toHaveLength(1);

    const id = { id: draft.id };
    expect(await fail(Subjects.payroll.approvePayslip, id, admin)).toEqual({
      code: ErrorCodes.payslipStatusConflict,
      message: PayrollMessages.notSubmitted,
    });
    expect((await fail(Subjects.payroll.markPayslipPaid, id, admin)).message).toBe(PayrollMessages.notApproved);

    const submitted = PayslipDtoSchema.parse(await call(Subjects.payroll.submitMyPayslip, id, tutorA));
    expect(submitted.status).toBe('submitted');
    expect((await fail(Subjects.payroll.submitMyPayslip, id, tutorA)).message).toBe(PayrollMessages.notDraft);
    expect(
      await fail(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-11-23', hoursWorked: 1 }, tutorA),
    ).toMatchObject({ code: ErrorCodes.payslipStatusConflict, message: PayrollMessages.notDraft });
    expect((await fail(Subjects.payroll.markPayslipPaid, id, admin)).message).toBe(PayrollMessages.notApproved);

    const approved = PayslipDtoSchema.parse(await call(Subjects.payroll.approvePayslip, id, admin));
    expect(approved.status).toBe('approved');
    expect((await fail(Subjects.payroll.approvePayslip, id, admin)).code).toBe(ErrorCodes.payslipStatusConflict);

    const paid = PayslipDtoSchema.parse(await call(Subjects.payroll.markPayslipPaid, id, admin));
    expect(paid.status).toBe('paid');
    expect(paid.hoursWorked).toBe(5.5);
    expect(paid.history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'draft',
        changedByUserId: tutorA.userId,
        changedByRole: 'tutor',
      }),
      expect.objectContaining({
        fromStatus: 'draft',
        toStatus: 'submitted',
        changedByUserId: tutorA.userId,
        changedByRole: 'tutor',
      }),
      expect.objectContaining({
        fromStatus: 'submitted',
        toStatus: 'approved',
        changedByUserId: admin.userId,
        changedByRole: 'admin',
      }),
      expect.objectContaining({
        fromStatus: 'approved',
        toStatus: 'paid',
        changedByUserId: admin.userId,
        changedByRole: 'admin',
      }),
    ]);
    for (const change of paid.history) expect(Number.isNaN(Date.parse(change.changedAt))).toBe(false);

    const events = await query<{ payload: { data: unknown } }>(
      'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at, id',
      [EventTypes.payslipStatusChanged],
    );
    expect(events.map((row) => PayslipStatusChangedV1Schema.parse(row.payload.data))).toEqual([
      {
        payslipId: draft.id,
        tutorId: TUTOR_A_ID,
        weekStarting: '2026-11-23',
        hoursWorked: 4.5,
        fromStatus: null,
        toStatus: 'draft',
        changedByUserId: tutorA.userId,
      },
      {
        payslipId: draft.id,
        tutorId: TUTOR_A_ID,
        weekStarting: '2026-11-23',
        hoursWorked: 5.5,
        fromStatus: 'draft',
        toStatus: 'submitted',
        changedByUserId: tutorA.userId,
      },
      {
        payslipId: draft.id,
        tutorId: TUTOR_A_ID,
        weekStarting: '2026-11-23',
        hoursWorked: 5.5,
        fromStatus: 'submitted',
        toStatus: 'approved',
        changedByUserId: admin.userId,
      },
      {
        payslipId: draft.id,
        tutorId: TUTOR_A_ID,
        weekStarting: '2026-11-23',
        hoursWorked: 5.5,
        fromStatus: 'approved',
        toStatus: 'paid',
        changedByUserId: admin.userId,
      },
    ]);

    const week = PayslipWeekDtoSchema.parse(
      await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-23' }, tutorA),
    );
    expect(week.payslip).toMatchObject({ id: draft.id, status: 'paid' });
  });

  it("keeps tutors to their own payslips: B can neither read nor change A's", async () => {
    const ofA = PayslipDtoSchema.parse(
      await call(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-12-07', hoursWorked: 2 }, tutorA),
    );
    const ofB = PayslipDtoSchema.parse(
      await call(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-12-07', hoursWorked: 3 }, tutorB),
    );
    expect(ofB).toMatchObject({ tutorId: TUTOR_B_ID, tutorName: 'Ben Tutor', hoursWorked: 3 });
    expect(ofB.id).not.toBe(ofA.id);

    const mineB = PayslipListSchema.parse(await call(Subjects.payroll.listMyPayslips, {}, tutorB));
    expect(mineB.map((payslip) => payslip.id)).toEqual([ofB.id]);
    const mineA = PayslipListSchema.parse(await call(Subjects.payroll.listMyPayslips, {}, tutorA));
    expect(mineA.every((payslip) => payslip.tutorId === TUTOR_A_ID)).toBe(true);
    expect(mineA.map((payslip) => payslip.weekStarting)).toEqual(['2026-12-07', '2026-11-23']);

    // Someone else's payslip answers like a missing one.
    expect(await fail(Subjects.payroll.submitMyPayslip, { id: ofA.id }, tutorB)).toEqual({
      code: ErrorCodes.notFound,
      message: PayrollMessages.payslipNotFound,
    });
    const stillDraft = PayslipListSchema.parse(await call(Subjects.payroll.listMyPayslips, {}, tutorA)).find(
      (payslip) => payslip.id === ofA.id,
    );
    expect(stillDraft?.status).toBe('draft');
    const weekB = PayslipWeekDtoSchema.parse(
      await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-23' }, tutorB),
    );
    expect(weekB.payslip).toBeNull();

    const all = PayslipListSchema.parse(await call(Subjects.payroll.listPayslips, {}, admin));
    expect(all.map((payslip) => payslip.id).sort()).toEqual([...mineA, ...mineB].map((payslip) => payslip.id).sort());
  });

  it('lets only admins use the admin subjects and only tutors the tutor subjects', async () => {
    for (const actor of [student, tutorA]) {
      expect((await fail(Subjects.payroll.listPayslips, {}, actor)).code).toBe(ErrorCodes.forbidden);
      expect((await fail(Subjects.payroll.approvePayslip, { id: 1 }, actor)).code).toBe(ErrorCodes.forbidden);
      expect((await fail(Subjects.payroll.deletePayslip, { id: 1 }, actor)).code).toBe(ErrorCodes.forbidden);
      expect((await fail(Subjects.payroll.markPayslipPaid, { id: 1 }, actor)).code).toBe(ErrorCodes.forbidden);
    }
    for (const actor of [student, admin]) {
      expect((await fail(Subjects.payroll.listMyPayslips, {}, actor)).code).toBe(ErrorCodes.forbidden);
      expect((await fail(Subjects.payroll.submitMyPayslip, { id: 1 }, actor)).code).toBe(ErrorCodes.forbidden);
      expect(
        (await fail(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-11-23', hoursWorked: 1 }, actor)).code,
      ).toBe(ErrorCodes.forbidden);
    }
    expect((await fail(Subjects.payroll.listPayslips, {}, null)).code).toBe(ErrorCodes.unauthenticated);
    expect((await fail(Subjects.payroll.listMyPayslips, {}, null)).code).toBe(ErrorCodes.unauthenticated);
  });

  it('validates hours (one decimal, at most 999.9) and the week', async () => {
    const tooMany = await fail(
      Subjects.payroll.saveMyPayslip,
      { weekStarting: '2026-11-23', hoursWorked: 1000 },
      tutorA,
    );
    expect(tooMany).toMatchObject({ code: ErrorCodes.validationFailed, message: PayrollMessages.hoursWorkedInvalid });
    expect(
      (await fail(Subjects.payroll.saveMyPayslip, { weekStarting: '2026-11-23', hoursWorked: 1.25 }, tutorA)).message,
    ).toBe(PayrollMessages.hoursWorkedInvalid);
    expect((await fail(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-02-30' }, tutorA)).message).toBe(
      PayrollMessages.weekStartingInvalid,
    );
    const max = PayslipDtoSchema.parse(
      await call(Subjects.payroll.saveMyPayslip, { weekStarting: '2027-01-04', hoursWorked: 999.9 }, tutorA),
    );
    expect(max.hoursWorked).toBe(999.9);
  });

  it('lets an admin delete a payslip in any status, with its history; a missing one is 404', async () => {
    const [paid] = PayslipListSchema.parse(await call(Subjects.payroll.listPayslips, {}, admin)).filter(
      (payslip) => payslip.status === 'paid',
    );
    expect(await call(Subjects.payroll.deletePayslip, { id: paid!.id }, admin)).toEqual({ deleted: true });
    expect(await query('SELECT id FROM payslip_status_changes WHERE payslip_id = $1', [paid!.id])).toEqual([]);
    expect((await fail(Subjects.payroll.deletePayslip, { id: paid!.id }, admin)).code).toBe(ErrorCodes.notFound);
    expect((await fail(Subjects.payroll.approvePayslip, { id: paid!.id }, admin)).code).toBe(ErrorCodes.notFound);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  EventTypes,
  eventSubject,
  type HoursUsedV1,
  PayslipWeekDtoSchema,
  type StudentNameChangedV1,
  Subjects,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, type SignedRpc, signedRpc, sql, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startPayrollUnderTest } from './support/harness.js';
import { PAYROLL_HOURS_USED_CONSUMER } from '../src/modules/logged-hours/hours-used.consumer.js';
import { PAYROLL_STUDENT_NAME_CONSUMER } from '../src/modules/student-names/student-name-changed.consumer.js';

const tutor: Actor = { userId: 20, role: 'tutor' };
const TUTOR_ID = 3;
const [AMELIA, BEN, CHLOE] = [10, 11, 12];

/**
 * Issue 25: the timesheet week's lines (the payslip's "students tutored" prefill) name the students
 * from payroll's own read model of identity's student_name_changed events; a later version wins
 * whatever the order, a redelivery changes nothing, identity's announcement at start fills in the
 * students it did not hear of, and a student still unknown reads "Student #<id>".
 */
describe('identity.student_name_changed.v1 in payroll (real JetStream and PostgreSQL)', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  let call: SignedRpc['call'];

  /** Published without a message id, so a repeated event id reaches the consumer twice: a redelivery. */
  const publish = async (type: string, data: unknown, id: string = randomUUID()) => {
    await jetstream(nc).publish(eventSubject(type), JSON.stringify({ ...newEvent(type, 1, data, 'names-test'), id }));
    return id;
  };
  const processed = async (consumer: string, eventId: string) =>
    (await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [consumer, eventId]))
      .length > 0;
  const named = async (data: StudentNameChangedV1, id?: string) => {
    const eventId = await publish(EventTypes.studentNameChanged, data, id);
    await eventually(() => processed(PAYROLL_STUDENT_NAME_CONSUMER, eventId), 10_000, `name ${eventId}`);
    return eventId;
  };
  const delivered = (ledgerEntryId: number, userId: number, hours: number): HoursUsedV1 => ({
    sessionId: userId,
    ledgerEntryId,
    userId,
    subject: 'Medical School Interviews',
    packageName: '10 Sessions Package',
    hours,
    usedHoursAfter: hours,
    totalHours: 10,
    date: '2026-11-25',
    tutorId: TUTOR_ID,
    tutorName: 'Dr Ada',
    tutorUserId: tutor.userId,
    actorRole: 'tutor',
    reason: 'Session delivered',
  });
  const lines = async () =>
    PayslipWeekDtoSchema.parse(await call(Subjects.payroll.getMyPayslipWeek, { weekStarting: '2026-11-23' }, tutor))
      .loggedStudentNotes;

  beforeAll(async () => {
    service = await startPayrollUnderTest('payroll_student_names');
    ({ call } = signedRpc(service.client, 'names-test'));
    nc = await connect({ servers: service.nats.url });
    await publish(EventTypes.tutorInvited, {
      userId: tutor.userId,
      tutorId: TUTOR_ID,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Tutor',
      invitedBy: 1,
    });
    const sessions = [delivered(1, AMELIA, 1.5), delivered(2, BEN, 1), delivered(3, CHLOE, 2)];
    const ids = await Promise.all(sessions.map((session) => publish(EventTypes.hoursUsed, session)));
    await eventually(
      async () =>
        (await Promise.all(ids.map((id) => processed(PAYROLL_HOURS_USED_CONSUMER, id)))).every(Boolean) &&
        (await sql(service.db.url, 'SELECT 1 FROM tutor_accounts WHERE user_id = $1', [tutor.userId])).length > 0,
      10_000,
      'the sessions and the tutor login recorded',
    );
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('names the students of the week it has heard of, and shows the id of the others', async () => {
    await named({ userId: AMELIA, name: 'Amelia Jones', version: 1 });
    await named({ userId: BEN, name: 'Ben Okafor', version: 1 });
    expect(await lines()).toBe(
      [
        'Amelia Jones (Medical School Interviews): 1.5 h',
        'Ben Okafor (Medical School Interviews): 1 h',
        `Student #${CHLOE} (Medical School Interviews): 2 h`,
      ].join('\n'),
    );
  });

  it('keeps the later version whatever the order, and a redelivery changes nothing', async () => {
    await named({ userId: BEN, name: 'Ben O. Okafor', version: 3 });
    await named({ userId: BEN, name: 'Ben Old', version: 2 });
    const id = await named({ userId: AMELIA, name: 'Amelia Jones', version: 2 });
    await sql(service.db.url, "UPDATE student_names SET name = 'changed by hand' WHERE user_id = $1", [AMELIA]);
    await publish(EventTypes.studentNameChanged, { userId: AMELIA, name: 'Amelia Again', version: 5 }, id);
    await named({ userId: 999, name: 'After the redelivery', version: 1 }); // handled after the redelivery
    expect((await lines())?.split('\n').slice(0, 2)).toEqual([
      'changed by hand (Medical School Interviews): 1.5 h',
      'Ben O. Okafor (Medical School Interviews): 1 h',
    ]);
  });

  it("learns a student from identity's announcement at start (a backfill) without undoing later names", async () => {
    // identity's start announces every student at the version it holds.
    await named({ userId: CHLOE, name: 'Chloe Early', version: 1 });
    await named({ userId: BEN, name: 'Ben Okafor', version: 1 });
    expect((await lines())?.split('\n').slice(1)).toEqual([
      'Ben O. Okafor (Medical School Interviews): 1 h',
      'Chloe Early (Medical School Interviews): 2 h',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  EventTypes,
  eventSubject,
  Fixtures,
  type StudentNameChangedV1,
  Subjects,
  TutorDtoSchema,
  TutorStudentPackageDtoSchema,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { TUTORING_STUDENT_NAME_CONSUMER } from '../src/modules/student-names/student-name-changed.consumer.js';
import { actors, insertPackage, rpc, startTutoring } from './support/harness.js';

/**
 * Issue 25: the tutor portal names the students from tutoring's own read model of identity's
 * student_name_changed events (no read of identity's database); a later version wins whatever the
 * order, a redelivery changes nothing, and identity's announcement at start fills in the students
 * who registered before tutoring listened.
 */
describe('identity.student_name_changed.v1 in tutoring (real JetStream and PostgreSQL)', () => {
  let service: Awaited<ReturnType<typeof startTutoring>>;
  let nc: NatsConnection;

  /** Published without a message id, so a repeated event id reaches the consumer twice: a redelivery. */
  const publish = async (data: StudentNameChangedV1, id: string = randomUUID()) => {
    const envelope = { ...newEvent(EventTypes.studentNameChanged, 1, data, 'names-test'), id };
    await jetstream(nc).publish(eventSubject(EventTypes.studentNameChanged), JSON.stringify(envelope));
    return id;
  };
  const processed = async (eventId: string) =>
    (
      await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
        TUTORING_STUDENT_NAME_CONSUMER,
        eventId,
      ])
    ).length > 0;
  const applied = async (data: StudentNameChangedV1, id?: string) => {
    const eventId = await publish(data, id);
    await eventually(() => processed(eventId), 10_000, `student_name_changed ${eventId}`);
    return eventId;
  };
  /** The tutor's student list as the portal reads it: [user id, name] per package. */
  const names = async () =>
    z
      .array(TutorStudentPackageDtoSchema)
      .parse(await rpc(service).call(Subjects.tutoring.listTutorStudents, {}, actors.tutor))
      .map((pkg) => [pkg.userId, pkg.studentName])
      .sort(([a], [b]) => Number(a) - Number(b));

  beforeAll(async () => {
    service = await startTutoring('tutoring_student_names');
    nc = await connect({ servers: service.nats.url });
    const { call } = rpc(service);
    const tutor = TutorDtoSchema.parse(
      await call(
        Subjects.tutoring.createTutor,
        { name: 'Dr Named', specialty: 'UCAT', calendarLink: 'https://cal.example/named' },
        actors.admin,
      ),
    );
    await sql(service.db.url, 'UPDATE tutors SET user_id = $1 WHERE id = $2', [actors.tutor.userId, tutor.id]);
    for (const student of [actors.studentA, actors.studentB]) {
      const sessionId = await insertPackage(service.db.url, { userId: student.userId, totalHours: 5 });
      await call(
        Subjects.tutoring.assignTutor,
        { sessionId, tutorName: tutor.name, calendarLink: tutor.calendarLink },
        actors.admin,
      );
    }
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it("shows no name for a student it has not heard of, then the name identity's event gives", async () => {
    expect(await names()).toEqual([
      [actors.studentA.userId, null],
      [actors.studentB.userId, null],
    ]);
    await applied({ ...Fixtures.studentNameChangedEvent.data, userId: actors.studentA.userId });
    expect(await names()).toEqual([
      [actors.studentA.userId, 'Amelia'],
      [actors.studentB.userId, null],
    ]);
  });

  it('keeps the later version whatever the order, and a redelivery changes nothing', async () => {
    const userId = actors.studentB.userId;
    await applied({ userId, name: 'Ben Okafor', version: 2 });
    // An older version arriving late, and a repeat of the same version, leave the name as it is.
    await applied({ userId, name: 'Ben Old', version: 1 });
    await applied({ userId, name: 'Ben Repeat', version: 2 });
    expect(await names()).toContainEqual([userId, 'Ben Okafor']);

    const id = await applied({ userId, name: 'Ben O. Okafor', version: 3 });
    await sql(service.db.url, "UPDATE student_names SET name = 'changed by hand' WHERE user_id = $1", [userId]);
    await publish({ userId, name: 'Ben O. Okafor', version: 4 }, id); // the same event id again: a redelivery
    const marker = await applied({ userId: 999, name: 'After the redelivery', version: 1 });
    expect(await processed(marker)).toBe(true);
    const [row] = await sql<{ name: string; version: number }>(
      service.db.url,
      'SELECT name, version FROM student_names WHERE user_id = $1',
      [userId],
    );
    expect(row).toEqual({ name: 'changed by hand', version: 3 });
  });

  it('learns the students identity announces at its start (a backfill), skipping versions it has', async () => {
    // identity's start announces every student at their current version, registered before tutoring listened or not.
    await applied({ userId: actors.studentA.userId, name: 'Amelia', version: 1 });
    await applied({ userId: 31, name: 'Chloe Early', version: 1 });
    const rows = await sql<{ user_id: number; name: string; version: number }>(
      service.db.url,
      'SELECT user_id, name, version FROM student_names WHERE user_id = ANY($1::int[]) ORDER BY user_id',
      [[actors.studentA.userId, 31]],
    );
    expect(rows).toEqual([
      { user_id: actors.studentA.userId, name: 'Amelia', version: 1 },
      { user_id: 31, name: 'Chloe Early', version: 1 },
    ]);
  });
});

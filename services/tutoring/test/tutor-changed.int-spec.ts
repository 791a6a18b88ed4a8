import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventEnvelope,
  EventTypes,
  eventSubject,
  Subjects,
  type TutorChangedV1,
  TutorChangedV1Schema,
  TutorDtoSchema,
  type TutorInvitedV1,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { actors, rpc, startTutoring } from './support/harness.js';

describe('tutoring.tutor_changed.v1: the directory as other services learn it (real PostgreSQL and JetStream)', () => {
  let service: Awaited<ReturnType<typeof startTutoring>>;
  let nc: NatsConnection;

  /** The announcements written so far for one entry, oldest first. */
  const announced = async (tutorId: number) =>
    (
      await sql<{ payload: EventEnvelope }>(
        service.db.url,
        'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at, id',
        [EventTypes.tutorChanged],
      )
    )
      .map(({ payload }) => ({ ...payload, data: TutorChangedV1Schema.parse(payload.data) }))
      .filter(({ data }) => data.tutorId === tutorId);
  const latest = async (tutorId: number): Promise<TutorChangedV1 | undefined> =>
    (await announced(tutorId)).at(-1)?.data;

  beforeAll(async () => {
    service = await startTutoring('tutoring_tutor_changed');
    nc = await connect({ servers: service.nats.url });
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('announces every entry at start, so a consumer that listens later learns the directory', async () => {
    const tutors = z
      .array(TutorDtoSchema)
      .parse(await rpc(service).call(Subjects.tutoring.listTutors, {}, actors.admin));
    expect(tutors.length).toBeGreaterThan(0);
    for (const tutor of tutors) {
      expect(await latest(tutor.id)).toEqual({ tutorId: tutor.id, active: true, userId: null, version: 1 });
    }
    // The relay publishes them into TUTORING_EVENTS.
    await eventually(
      async () =>
        (
          await sql(service.db.url, 'SELECT 1 FROM outbox_events WHERE type = $1 AND published_at IS NULL', [
            EventTypes.tutorChanged,
          ])
        ).length === 0,
      10_000,
      'the announcements published',
    );
  });

  it('announces each creation, edit, deactivation and login link with a higher version, in its transaction', async () => {
    const { call, fail } = rpc(service);
    const created = TutorDtoSchema.parse(
      await call(
        Subjects.tutoring.createTutor,
        { name: 'Dr Vera', specialty: 'UCAT', calendarLink: 'https://cal.example/vera' },
        actors.admin,
      ),
    );
    expect(await announced(created.id)).toEqual([
      expect.objectContaining({
        correlationId: 'tutoring-test',
        data: { tutorId: created.id, active: true, userId: null, version: 1 },
      }),
    ]);

    await call(Subjects.tutoring.updateTutor, { tutorId: created.id, specialty: 'BMAT' }, actors.admin);
    expect(await latest(created.id)).toEqual({ tutorId: created.id, active: true, userId: null, version: 2 });
    await call(Subjects.tutoring.deactivateTutor, { tutorId: created.id }, actors.admin);
    expect(await latest(created.id)).toEqual({ tutorId: created.id, active: false, userId: null, version: 3 });

    // A refused change announces nothing.
    await fail(Subjects.tutoring.updateTutor, { tutorId: created.id, name: 'Dr Vera' }, actors.tutor);
    expect(await announced(created.id)).toHaveLength(3);

    const invited: TutorInvitedV1 = {
      userId: 700,
      tutorId: created.id,
      email: 'vera@example.com',
      firstName: 'Vera',
      lastName: 'Tutor',
      invitedBy: actors.admin.userId,
    };
    await jetstream(nc).publish(
      eventSubject(EventTypes.tutorInvited),
      JSON.stringify(newEvent(EventTypes.tutorInvited, 1, invited, 'invite-test')),
    );
    await eventually(async () => (await latest(created.id))?.version === 4, 10_000, 'the link announced');
    expect(await latest(created.id)).toEqual({ tutorId: created.id, active: false, userId: 700, version: 4 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EventTypes, eventSubject, type TutorInvitedV1, TutorDtoSchema, Subjects } from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { TUTOR_INVITED_CONSUMER } from '../src/modules/tutor-accounts/tutor-invited.consumer.js';
import { actors, rpc, startTutoring } from './support/harness.js';
import { eventually, sql } from '@medtutor/nest-kit/testing';

describe('identity.tutor_invited.v1 consumer (real JetStream and PostgreSQL)', () => {
  let service: Awaited<ReturnType<typeof startTutoring>>;
  let nc: NatsConnection;

  /** Published without a message id, so a repeated event id reaches the consumer twice: a redelivery. */
  const publish = async (data: TutorInvitedV1, id: string = randomUUID()) => {
    const envelope = { ...newEvent(EventTypes.tutorInvited, 1, data, 'invite-test'), id };
    await jetstream(nc).publish(eventSubject(EventTypes.tutorInvited), JSON.stringify(envelope));
    return id;
  };
  const invitation = (tutorId: number, userId: number): TutorInvitedV1 => ({
    userId,
    tutorId,
    email: `tutor${userId}@example.com`,
    firstName: 'Tess',
    lastName: 'Tutor',
    invitedBy: actors.admin.userId,
  });
  const tutors = async () =>
    z.array(TutorDtoSchema).parse(await rpc(service).call(Subjects.tutoring.listTutors, {}, actors.admin));
  const processed = async (eventId: string) =>
    (
      await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
        TUTOR_INVITED_CONSUMER,
        eventId,
      ])
    ).length > 0;

  beforeAll(async () => {
    service = await startTutoring('tutoring_tutor_invited');
    nc = await connect({ servers: service.nats.url });
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('links the directory entry to the new login, once, and keeps the first login of an entry', async () => {
    const [first, second] = await tutors();
    expect(first!.userId).toBeNull();

    const id = await publish(invitation(first!.id, 500));
    await publish(invitation(first!.id, 500), id); // redelivered
    await eventually(() => processed(id), 10_000, 'the invitation');
    expect((await tutors()).find((tutor) => tutor.id === first!.id)?.userId).toBe(500);

    // A second login for the same entry is refused (retried, then dead-lettered); later events still flow.
    const clash = await publish(invitation(first!.id, 501));
    const later = await publish(invitation(second!.id, 502));
    await eventually(() => processed(later), 10_000, 'the later invitation');
    const after = await tutors();
    expect(after.find((tutor) => tutor.id === first!.id)?.userId).toBe(500);
    expect(after.find((tutor) => tutor.id === second!.id)?.userId).toBe(502);
    // Booking emails go to the linked login's address; the refused login's never replaces it.
    expect(
      await sql(service.db.url, 'SELECT id, login_email FROM tutors WHERE id = ANY($1) ORDER BY id', [
        [first!.id, second!.id],
      ]),
    ).toEqual([
      { id: first!.id, login_email: 'tutor500@example.com' },
      { id: second!.id, login_email: 'tutor502@example.com' },
    ]);
    expect(await processed(clash)).toBe(false);
    expect(
      await sql(service.db.url, 'SELECT count(*)::int AS n FROM inbox_events WHERE consumer = $1', [
        TUTOR_INVITED_CONSUMER,
      ]),
    ).toEqual([{ n: 2 }]);
  });
});

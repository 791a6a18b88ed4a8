import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import {
  EventEnvelopeSchema,
  EventTypes,
  StudentNameChangedV1Schema,
  Subjects,
  UserDtoSchema,
} from '@medtutor/contracts';
import { startService } from '@medtutor/nest-kit';
import {
  eventually,
  type SignedRpc,
  signedRpc,
  sql,
  startServiceUnderTest,
  type ServiceUnderTest,
} from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { identity } from '../src/service.js';
import { testConfig } from './support/harness.js';

/**
 * Issue 25: identity tells tutoring and payroll the students' names, and nothing else about them:
 * with each registration (in its transaction), and at start for every student never announced, so
 * read models made after a student registered learn the name too (a backfill, once per student).
 */
describe('identity.student_name_changed.v1', () => {
  let service: ServiceUnderTest;
  let call: SignedRpc['call'];
  let restarted: INestMicroservice | undefined;

  const announced = async () =>
    (
      await sql<{ payload: unknown; subject: string }>(
        service.db.url,
        'SELECT payload, subject FROM outbox_events WHERE type = $1 ORDER BY created_at',
        [EventTypes.studentNameChanged],
      )
    ).map((row) => {
      const envelope = EventEnvelopeSchema.parse(row.payload);
      expect(row.subject).toBe(`events.${EventTypes.studentNameChanged}`);
      return { correlationId: envelope.correlationId, data: StudentNameChangedV1Schema.strict().parse(envelope.data) };
    });

  beforeAll(async () => {
    service = await startServiceUnderTest({
      service: identity,
      label: 'identity_student_names',
      config: ({ databaseUrl, natsUrl }) => testConfig({ IDENTITY_DATABASE_URL: databaseUrl, NATS_URL: natsUrl }),
    });
    ({ call } = signedRpc(service.client, 'names-test'));
  });

  afterAll(async () => {
    await restarted?.close();
    await service?.stop();
  });

  it("announces a new student's name with the registration, without the email, phone or username", async () => {
    const user = UserDtoSchema.parse(
      await call(
        Subjects.identity.register,
        {
          username: 'amelia',
          email: 'amelia@example.com',
          password: 'correct-horse-7',
          firstName: 'Amelia',
          lastName: 'Jones',
          phone: '07700900123',
        },
        null,
      ),
    );
    expect(await announced()).toEqual([
      { correlationId: 'names-test', data: { userId: user.id, name: 'Amelia Jones', version: 1 } },
    ]);
    await eventually(
      async () => (await sql(service.db.url, 'SELECT 1 FROM outbox_events WHERE published_at IS NULL')).length === 0,
      10_000,
      'the relay to publish',
    );
  });

  it('announces each student never announced (and no tutor or admin) when it starts, once: the backfill', async () => {
    // Users from before this event existed: their registrations announced no name.
    await sql(service.db.url, 'DELETE FROM outbox_events');
    const [early] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO users (username, email, password_hash, updated_at) VALUES ('early', 'early@example.com', 'x', now()) RETURNING id`,
    );
    await sql(
      service.db.url,
      `INSERT INTO users (username, email, password_hash, role, first_name, updated_at)
       VALUES ('tess', 'tess@example.com', 'x', 'tutor', 'Tess', now()), ('boss', 'boss@example.com', 'x', 'admin', 'Bo', now())`,
    );
    const start = () =>
      startService(
        identity,
        testConfig({ IDENTITY_DATABASE_URL: service.db.url, NATS_URL: service.nats.url }),
        pino({ level: 'silent' }),
      );

    // Another replica starting (or a restart) on the same database: amelia was announced with her
    // registration, so only the early student is.
    restarted = await start();
    const names = (await announced()).map(({ data }) => data);
    // No name given at registration: the username, never the email.
    expect(names).toEqual([{ userId: early!.id, name: 'early', version: 1 }]);

    // The next start finds nobody left to announce.
    await restarted.close();
    restarted = await start();
    expect(await announced()).toHaveLength(1);
  });
});

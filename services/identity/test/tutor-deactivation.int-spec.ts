import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  ErrorCodes,
  EventTypes,
  eventSubject,
  RecordTutorChangeReplySchema,
  SessionValidityReplySchema,
  Subjects,
  type TutorChangedV1,
  TutorDeactivationMessages,
  UserDtoSchema,
  VerifyCredentialsReplySchema,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import {
  eventually,
  type SignedRpc,
  signedRpc,
  sql,
  startServiceUnderTest,
  type ServiceUnderTest,
} from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { identity } from '../src/service.js';
import { TUTOR_CHANGED_CONSUMER } from '../src/modules/tutor-directory/tutor-changed.consumer.js';
import { testConfig } from './support/harness.js';

const admin: Actor = { userId: 1, role: 'admin' };
const password = 'tutor-pass-1';
const tutorId = 11;

/**
 * Issue 24: a dismissed tutor is refused at sign-in and every session of theirs ends, whether identity
 * hears of it from the gateway in the admin's request (identity.record_tutor_change) or from tutoring's
 * tutor_changed event; a reactivation restores the sign-in but not the old sessions.
 */
describe('tutor deactivation in identity', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  let call: SignedRpc['call'];
  let fail: SignedRpc['fail'];
  let userId: number;
  const email = 'dismissed.tutor@example.com';

  const announce = async (entry: TutorChangedV1): Promise<void> => {
    const envelope = newEvent(EventTypes.tutorChanged, 1, entry, 'tutoring-test');
    await jetstream(nc).publish(eventSubject(EventTypes.tutorChanged), JSON.stringify(envelope));
    await eventually(
      async () =>
        (
          await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
            TUTOR_CHANGED_CONSUMER,
            envelope.id,
          ])
        ).length > 0,
      10_000,
      `tutor_changed ${envelope.id}`,
    );
  };
  const record = async (entry: TutorChangedV1) =>
    RecordTutorChangeReplySchema.parse(await call(Subjects.identity.recordTutorChange, entry, admin));
  const signIn = () => call(Subjects.identity.verifyCredentials, { email, password });
  const validity = async () =>
    SessionValidityReplySchema.parse(await call(Subjects.identity.sessionValidity, { userId }, null));

  beforeAll(async () => {
    service = await startServiceUnderTest({
      service: identity,
      label: 'identity_tutor_deactivation',
      config: ({ databaseUrl, natsUrl }) => testConfig({ IDENTITY_DATABASE_URL: databaseUrl, NATS_URL: natsUrl }),
    });
    ({ call, fail } = signedRpc(service.client, 'deactivation-test'));
    nc = await connect({ servers: service.nats.url });
    const registered = UserDtoSchema.parse(
      await call(Subjects.identity.register, { username: 'dismissed', email, password }),
    );
    userId = registered.id;
    await sql(service.db.url, "UPDATE users SET role = 'tutor' WHERE id = $1", [userId]);
    await announce({ tutorId, active: true, userId, version: 1 });
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('lets an active tutor sign in, and says their sessions are valid', async () => {
    expect(VerifyCredentialsReplySchema.parse(await signIn())).toMatchObject({ id: userId, role: 'tutor' });
    expect(await validity()).toEqual({ sessionsValidAfter: null, deactivated: false });
  });

  it('is an admin-only call', async () => {
    const change = { tutorId, active: false, userId, version: 2 };
    expect((await fail(Subjects.identity.recordTutorChange, change, null)).code).toBe(ErrorCodes.unauthenticated);
    for (const role of ['student', 'tutor'] as const) {
      const refused = await fail(Subjects.identity.recordTutorChange, change, { userId, role });
      expect(refused.code).toBe(ErrorCodes.forbidden);
    }
    expect(VerifyCredentialsReplySchema.parse(await signIn()).id).toBe(userId);
  });

  it("refuses the dismissed tutor's sign-in with the clear message and ends their sessions at once", async () => {
    const before = Date.now();
    expect(await record({ tutorId, active: false, userId: null, version: 2 })).toEqual({ userId });

    expect(await fail(Subjects.identity.verifyCredentials, { email, password })).toEqual({
      code: ErrorCodes.tutorDeactivated,
      message: TutorDeactivationMessages.deactivated,
    });
    // A wrong password still answers like any wrong password: the message is for the owner only.
    expect((await fail(Subjects.identity.verifyCredentials, { email, password: 'nope-nope' })).code).toBe(
      ErrorCodes.invalidCredentials,
    );
    const { sessionsValidAfter, deactivated } = await validity();
    expect(deactivated).toBe(true);
    expect(Date.parse(sessionsValidAfter!)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('is not undone by an older event arriving late, nor repeated by the event of the same change', async () => {
    const cutOff = (await validity()).sessionsValidAfter;
    await announce({ tutorId, active: true, userId, version: 1 });
    await announce({ tutorId, active: false, userId, version: 2 });
    expect(await validity()).toEqual({ sessionsValidAfter: cutOff, deactivated: true });
    expect((await fail(Subjects.identity.verifyCredentials, { email, password })).code).toBe(
      ErrorCodes.tutorDeactivated,
    );
  });

  it('restores the sign-in on reactivation, but not the sessions from before the dismissal', async () => {
    const cutOff = (await validity()).sessionsValidAfter;
    expect(await record({ tutorId, active: true, userId, version: 3 })).toEqual({ userId });
    expect(VerifyCredentialsReplySchema.parse(await signIn()).id).toBe(userId);
    expect(await validity()).toEqual({ sessionsValidAfter: cutOff, deactivated: false });
  });

  it('applies a deactivation that arrives only as the event (the gateway never got to tell identity)', async () => {
    await announce({ tutorId, active: false, userId, version: 4 });
    expect((await validity()).deactivated).toBe(true);
    expect((await fail(Subjects.identity.verifyCredentials, { email, password })).code).toBe(
      ErrorCodes.tutorDeactivated,
    );
    // The gateway's own call for that change, coming later, changes nothing and still names the login.
    expect(await record({ tutorId, active: false, userId, version: 4 })).toEqual({ userId });
  });
});

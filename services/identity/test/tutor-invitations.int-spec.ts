import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  ErrorCodes,
  EventTypes,
  eventSubject,
  InviteTutorReplySchema,
  RpcErrorSchema,
  ServerMessages,
  Subjects,
  type TutorChangedV1,
  TutorDirectoryMessages,
  TutorInvitationLinkHours,
  TutorInvitationMessages,
  TutorInvitedV1Schema,
  UserDtoSchema,
  ValidationMessages,
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
import { UNKNOWN_TUTOR_WAIT_MS } from '../src/modules/tutor-invitations/tutor-invitations.service.js';
import { PUBLIC_BASE_URL, testConfig } from './support/harness.js';

const admin: Actor = { userId: 1, role: 'admin' };
const invitation = { email: 'Grace.Hopper@Example.com', firstName: 'Grace', lastName: 'Hopper', tutorId: 7 };

describe('identity.invite_tutor', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  let mailDir: string;

  /** tutoring's announcement of a directory entry, as its outbox relay would publish it. */
  const announce = async (entry: TutorChangedV1): Promise<string> => {
    const envelope = newEvent(EventTypes.tutorChanged, 1, entry, 'tutoring-test');
    await jetstream(nc).publish(eventSubject(EventTypes.tutorChanged), JSON.stringify(envelope));
    return envelope.id;
  };
  const applied = (eventId: string) =>
    eventually(
      async () =>
        (
          await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
            TUTOR_CHANGED_CONSUMER,
            eventId,
          ])
        ).length > 0,
      10_000,
      `tutor_changed ${eventId}`,
    );
  const entry = async (tutorId: number) =>
    sql(service.db.url, 'SELECT active, user_id, version FROM tutor_directory_entries WHERE tutor_id = $1', [tutorId]);

  let call: SignedRpc['call'];
  let fail: SignedRpc['fail'];

  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'identity-invite-mail-'));
    service = await startServiceUnderTest({
      service: identity,
      label: 'identity_invite_tutor',
      config: ({ databaseUrl, natsUrl }) =>
        testConfig({ IDENTITY_DATABASE_URL: databaseUrl, NATS_URL: natsUrl, MAIL_OUTBOX_DIR: mailDir }),
    });
    ({ call, fail } = signedRpc(service.client, 'invite-test'));
    nc = await connect({ servers: service.nats.url });
    for (const tutorId of [7, 8]) await applied(await announce({ tutorId, active: true, userId: null, version: 1 }));
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
    await rm(mailDir, { recursive: true, force: true });
  });

  it('creates a tutor login, queues the set-password email and writes tutor_invited in one go', async () => {
    const before = Date.now();
    const reply = InviteTutorReplySchema.parse(await call(Subjects.identity.inviteTutor, invitation, admin));
    expect(reply).toMatchObject({ tutorId: 7, email: 'grace.hopper@example.com' });
    const expiresIn = Date.parse(reply.inviteExpiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(TutorInvitationLinkHours * 3_600_000 - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(TutorInvitationLinkHours * 3_600_000 + 60_000);

    const [user] = await sql(
      service.db.url,
      'SELECT username, email, first_name, last_name, role FROM users WHERE id = $1',
      [reply.userId],
    );
    expect(user).toEqual({
      username: 'grace.hopper@example.com',
      email: 'grace.hopper@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'tutor',
    });

    // The mail outbox row committed with the user; the relay then delivers it (here, into a folder).
    const queued = await sql(service.db.url, 'SELECT to_address, subject FROM outbound_emails');
    expect(queued).toEqual([{ to_address: 'grace.hopper@example.com', subject: TutorInvitationMessages.emailSubject }]);
    const [file] = await eventually(
      async () => {
        const names = (await readdir(mailDir)).filter((name) => name.endsWith('.json'));
        return names.length ? names : undefined;
      },
      10_000,
      'the invitation email',
    );
    const email = JSON.parse(await readFile(join(mailDir, file!), 'utf8')) as Record<string, string>;
    expect(email).toMatchObject({ to: 'grace.hopper@example.com', subject: TutorInvitationMessages.emailSubject });
    expect(email.text).toContain('expires in 7 days');
    const token = email.text?.match(/\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(email.text).toContain(`${PUBLIC_BASE_URL}/reset-password?token=${token}`);
    expect(email.html).toContain(`href="${PUBLIC_BASE_URL}/reset-password?token=${token}"`);

    const events = await sql<{ payload: { data: unknown; correlationId: string } }>(
      service.db.url,
      'SELECT payload FROM outbox_events WHERE type = $1',
      [EventTypes.tutorInvited],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.correlationId).toBe('invite-test');
    expect(TutorInvitedV1Schema.parse(events[0]!.payload.data)).toEqual({
      userId: reply.userId,
      tutorId: 7,
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      invitedBy: admin.userId,
    });

    // Nobody can sign in before the tutor sets a password through the link.
    expect(
      (await fail(Subjects.identity.verifyCredentials, { email: invitation.email, password: 'x' }, null)).code,
    ).toBe(ErrorCodes.invalidCredentials);
    await call(
      Subjects.identity.resetPassword,
      { token, password: 'tutor-pass-1', confirmPassword: 'tutor-pass-1' },
      null,
    );
    const signedIn = UserDtoSchema.parse(
      await call(Subjects.identity.verifyCredentials, { email: invitation.email, password: 'tutor-pass-1' }, null),
    );
    expect(signedIn).toMatchObject({ id: reply.userId, role: 'tutor', isAdmin: false });
  });

  it('answers a conflict for an email that already has an account, and changes nothing', async () => {
    const users = await sql(service.db.url, 'SELECT id FROM users');
    const error = await fail(
      Subjects.identity.inviteTutor,
      { ...invitation, email: 'GRACE.hopper@example.com', tutorId: 8 },
      admin,
    );
    expect(error).toEqual({ code: ErrorCodes.emailTaken, message: ServerMessages.emailTaken });
    expect(await sql(service.db.url, 'SELECT id FROM users')).toEqual(users);
    expect(
      await sql(service.db.url, 'SELECT id FROM outbox_events WHERE type = $1', [EventTypes.tutorInvited]),
    ).toHaveLength(1);
  });

  it('lets only admins invite, and validates the names', async () => {
    const other = { ...invitation, email: 'someone@example.com' };
    expect((await fail(Subjects.identity.inviteTutor, other, null)).code).toBe(ErrorCodes.unauthenticated);
    for (const role of ['student', 'tutor'] as const) {
      expect((await fail(Subjects.identity.inviteTutor, other, { userId: 2, role })).code).toBe(ErrorCodes.forbidden);
    }
    expect((await fail(Subjects.identity.inviteTutor, { ...other, lastName: 'H' }, admin)).message).toBe(
      ValidationMessages.lastNameMin,
    );
    expect(await sql(service.db.url, 'SELECT id FROM users WHERE email = $1', ['someone@example.com'])).toEqual([]);
  });

  it('refuses an entry that has a login, the one its own invitation just made included', async () => {
    await applied(await announce({ tutorId: 9, active: true, userId: 900, version: 2 }));
    const users = await sql(service.db.url, 'SELECT id FROM users');
    // Tutor 7 was invited above; tutoring has not announced the link, identity knows it from the invitation.
    for (const tutorId of [7, 9]) {
      expect(
        await fail(Subjects.identity.inviteTutor, { ...invitation, email: 'new@example.com', tutorId }, admin),
      ).toEqual({ code: ErrorCodes.tutorHasLogin, message: TutorInvitationMessages.tutorHasLogin });
    }
    expect(await sql(service.db.url, 'SELECT id FROM users')).toEqual(users);
  });

  it('gives an entry one login when two invitations of it race', async () => {
    await applied(await announce({ tutorId: 13, active: true, userId: null, version: 1 }));
    const outcomes = await Promise.allSettled(
      ['one@example.com', 'two@example.com'].map((email) =>
        call(Subjects.identity.inviteTutor, { ...invitation, email, tutorId: 13 }, admin),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(RpcErrorSchema.parse(refused.reason).code).toBe(ErrorCodes.tutorHasLogin);
    expect(
      await sql(service.db.url, 'SELECT count(*)::int AS n FROM users WHERE email IN ($1, $2)', [
        'one@example.com',
        'two@example.com',
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('answers not found for a deactivated entry, and for an unknown one after waiting for it', async () => {
    await applied(await announce({ tutorId: 10, active: false, userId: null, version: 2 }));
    const notFound = { code: ErrorCodes.notFound, message: TutorDirectoryMessages.tutorNotFound };
    const other = { ...invitation, email: 'late@example.com' };
    expect(await fail(Subjects.identity.inviteTutor, { ...other, tutorId: 10 }, admin)).toEqual(notFound);

    const asked = Date.now();
    expect(await fail(Subjects.identity.inviteTutor, { ...other, tutorId: 9999 }, admin)).toEqual(notFound);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(UNKNOWN_TUTOR_WAIT_MS);

    // An entry tutoring announces while the invitation waits for it is invited.
    const invited = call(Subjects.identity.inviteTutor, { ...other, tutorId: 11 }, admin);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await announce({ tutorId: 11, active: true, userId: null, version: 1 });
    expect(InviteTutorReplySchema.parse(await invited)).toMatchObject({ tutorId: 11, email: 'late@example.com' });
  });

  it('keeps the latest version of an entry whatever order the events come in, and a known login', async () => {
    await applied(await announce({ tutorId: 12, active: false, userId: null, version: 3 }));
    await applied(await announce({ tutorId: 12, active: true, userId: null, version: 2 }));
    expect(await entry(12)).toEqual([{ active: false, user_id: null, version: 3 }]);
    await applied(await announce({ tutorId: 12, active: true, userId: null, version: 4 }));
    expect(await entry(12)).toEqual([{ active: true, user_id: null, version: 4 }]);

    const [invited] = await sql<{ id: number }>(service.db.url, 'SELECT id FROM users WHERE email = $1', [
      'grace.hopper@example.com',
    ]);
    await applied(await announce({ tutorId: 7, active: true, userId: null, version: 2 }));
    expect(await entry(7)).toEqual([{ active: true, user_id: invited!.id, version: 2 }]);
  });
});

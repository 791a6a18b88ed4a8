import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  AgeMessages,
  ConsentMessages,
  ErrorCodes,
  EventEnvelopeSchema,
  EventTypes,
  StudentConsentChangedV1Schema,
  Subjects,
  UserDtoSchema,
  ukDateOf,
} from '@medtutor/contracts';
import { eventually, type ServiceUnderTest, type SignedRpc, signedRpc, sql } from '@medtutor/nest-kit/testing';
import { startService } from '@medtutor/nest-kit';
import { pino } from 'pino';
import { startIdentityUnderTest, testConfig } from './support/harness.js';
import { identity } from '../src/service.js';
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

/**
 * Issue 26 point 4 in identity: the age rule at registration, the guardian's single-use 7-day link,
 * their consent, and the student_consent_changed events catalog-payments keeps its read model from.
 */
let service: ServiceUnderTest;
let smtp: SmtpSink;
let rpc: SignedRpc;

/** A date of birth `years` years and `days` days before today in London. */
const bornYearsAgo = (years: number, days = 0) => {
  const today = new Date(`${ukDateOf(new Date())}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() - days);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
};

const student = (username: string, extra: Record<string, string> = {}) => ({
  username,
  email: `${username}@example.com`,
  password: 'correct-horse-7',
  firstName: username[0]!.toUpperCase() + username.slice(1),
  ...extra,
});
const guardian = { guardianName: 'Pat Guardian', guardianEmail: 'pat.guardian@example.com' };
const admin: Actor = { userId: 999, role: 'admin' };
const actorOf = (userId: number): Actor => ({ userId, role: 'student' });

const register = async (body: Record<string, unknown>) =>
  UserDtoSchema.parse(await rpc.call(Subjects.identity.register, body));

const consentEvents = async (userId: number) =>
  (
    await sql<{ payload: unknown }>(
      service.db.url,
      'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at',
      [EventTypes.studentConsentChanged],
    )
  )
    .map((row) => StudentConsentChangedV1Schema.strict().parse(EventEnvelopeSchema.parse(row.payload).data))
    .filter((event) => event.userId === userId);

/** The `nth` consent link emailed to `to` (waiting for it), its token and the whole text. */
async function consentMail(to: string, nth = 1): Promise<{ token: string; text: string }> {
  const mail = await eventually(
    async () => smtp.received.filter((received) => received.to.includes(to))[nth - 1],
    10_000,
    `consent email ${nth} to ${to}`,
  );
  const text = decodeQuotedPrintable(mail.raw);
  const token = /http:\/\/localhost:8080\/guardian-consent\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no consent link in:\n${text}`);
  return { token, text };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  service = await startIdentityUnderTest('identity_guardian_consent', { SMTP_URL: smtp.url });
  rpc = signedRpc(service.client, 'consent-test');
});

afterAll(async () => {
  await service?.stop();
  await smtp?.close();
});

beforeEach(async () => {
  await service.db.truncate();
});

describe('registration and the age rule', () => {
  it('refuses a 12-year-old with the message and stores nothing', async () => {
    const error = await rpc.fail(Subjects.identity.register, student('tom', { dateOfBirth: bornYearsAgo(12, 200) }));
    expect(error).toMatchObject({ code: ErrorCodes.validationFailed, message: AgeMessages.tooYoung });
    expect(await sql(service.db.url, 'SELECT 1 FROM users WHERE username = $1', ['tom'])).toEqual([]);
    expect(await sql(service.db.url, 'SELECT 1 FROM outbox_events')).toEqual([]);
    expect(await sql(service.db.url, 'SELECT 1 FROM outbound_emails')).toEqual([]);
  });

  it('asks a 15-year-old for a guardian other than themselves', async () => {
    const dateOfBirth = bornYearsAgo(15);
    expect(await rpc.fail(Subjects.identity.register, student('ana', { dateOfBirth }))).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: AgeMessages.guardianNameRequired,
    });
    const own = { ...guardian, guardianEmail: 'ANA@example.com' };
    expect(await rpc.fail(Subjects.identity.register, student('ana', { dateOfBirth, ...own }))).toMatchObject({
      message: AgeMessages.guardianEmailOwn,
    });
  });

  it('registers a 15-year-old awaiting consent, emails the guardian a single-use link and announces the state', async () => {
    const user = await register(student('ana', { dateOfBirth: bornYearsAgo(15), ...guardian }));
    const [row] = await sql<{ consent_state: string; date_of_birth: string; consent_version: number }>(
      service.db.url,
      "SELECT consent_state, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, consent_version FROM users WHERE id = $1",
      [user.id],
    );
    expect(row).toEqual({ consent_state: 'awaiting_consent', date_of_birth: bornYearsAgo(15), consent_version: 1 });
    expect(await consentEvents(user.id)).toEqual([{ userId: user.id, state: 'awaiting_consent', version: 1 }]);
    const { token, text } = await consentMail(guardian.guardianEmail);
    expect(text).toContain('Hello Pat Guardian');
    expect(text).toContain('Ana has created an account with MedPath Tutors');
    expect(text).toContain('privacy policy');
    expect(text).toContain('The link expires in 7 days and works once.');
    // Only the token's hash is stored.
    const links = await sql<{ token_hash: string }>(service.db.url, 'SELECT token_hash FROM guardian_consent_links');
    expect(links).toHaveLength(1);
    expect(links[0]?.token_hash).not.toContain(token);
    expect(links[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await rpc.call(Subjects.identity.guardianConsentDetails, { token })).toEqual({
      studentFirstName: 'Ana',
      guardianName: 'Pat Guardian',
      expiresAt: expect.any(String),
    });
    const studentMails = smtp.received.length;
    expect(await rpc.call(Subjects.identity.giveGuardianConsent, { token })).toEqual({
      state: 'consent_given',
      message: ConsentMessages.consentRecorded,
    });
    const [consent] = await sql<{ guardian_name: string; guardian_email: string; consented: boolean }>(
      service.db.url,
      'SELECT guardian_name, guardian_email, consented_at IS NOT NULL AS consented FROM guardian_consents WHERE user_id = $1',
      [user.id],
    );
    expect(consent).toEqual({
      guardian_name: 'Pat Guardian',
      guardian_email: 'pat.guardian@example.com',
      consented: true,
    });
    expect(await consentEvents(user.id)).toEqual([
      { userId: user.id, state: 'awaiting_consent', version: 1 },
      { userId: user.id, state: 'consent_given', version: 2 },
    ]);
    await eventually(
      async () => smtp.received.slice(studentMails).some((mail) => mail.to.includes('ana@example.com')),
      10_000,
      'the email telling the student',
    );

    // Spent: a second click, or the details page, answer that the link is no good.
    expect(await rpc.fail(Subjects.identity.giveGuardianConsent, { token })).toEqual({
      code: ErrorCodes.consentLinkInvalid,
      message: ConsentMessages.linkInvalid,
    });
    expect((await rpc.fail(Subjects.identity.guardianConsentDetails, { token })).code).toBe(
      ErrorCodes.consentLinkInvalid,
    );
    const listed = (await rpc.call(Subjects.identity.listUsers, {}, admin)) as Array<{ id: number; consent: unknown }>;
    expect(listed.find((entry) => entry.id === user.id)?.consent).toEqual({
      state: 'consent_given',
      consentGivenAt: expect.any(String),
    });
  });

  it('refuses an expired link and an unknown one alike', async () => {
    const bens = { ...guardian, guardianEmail: 'ben.guardian@example.com' };
    const user = await register(student('ben', { dateOfBirth: bornYearsAgo(16), ...bens }));
    const { token } = await consentMail(bens.guardianEmail);
    await sql(service.db.url, "UPDATE guardian_consent_links SET expires_at = now() - interval '1 second'");
    expect((await rpc.fail(Subjects.identity.giveGuardianConsent, { token })).code).toBe(ErrorCodes.consentLinkInvalid);
    expect((await rpc.fail(Subjects.identity.giveGuardianConsent, { token: 'x'.repeat(43) })).code).toBe(
      ErrorCodes.consentLinkInvalid,
    );
    const [row] = await sql<{ consent_state: string }>(
      service.db.url,
      'SELECT consent_state FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.consent_state).toBe('awaiting_consent');
  });

  it('registers an adult and a student without a date of birth, each announced with their state', async () => {
    const adult = await register(student('cat', { dateOfBirth: bornYearsAgo(18) }));
    const unknown = await register(student('dan'));
    expect(await consentEvents(adult.id)).toEqual([{ userId: adult.id, state: 'adult', version: 1 }]);
    expect(await consentEvents(unknown.id)).toEqual([
      { userId: unknown.id, state: 'date_of_birth_missing', version: 1 },
    ]);
    expect(await sql(service.db.url, 'SELECT 1 FROM guardian_consents')).toEqual([]);
  });
});

describe('resending and giving a date of birth later', () => {
  it('sends a new link that replaces the old one, not within a minute of the last, and only for the student or an admin', async () => {
    const eves = { ...guardian, guardianEmail: 'eve.guardian@example.com' };
    const user = await register(student('eve', { dateOfBirth: bornYearsAgo(14), ...eves }));
    const first = await consentMail(eves.guardianEmail);
    expect(
      await rpc.fail(Subjects.identity.resendGuardianConsent, { userId: user.id }, actorOf(user.id)),
    ).toMatchObject({
      code: ErrorCodes.rateLimited,
    });
    expect(
      (await rpc.fail(Subjects.identity.resendGuardianConsent, { userId: user.id }, actorOf(user.id + 1))).code,
    ).toBe(ErrorCodes.forbidden);
    await sql(service.db.url, "UPDATE guardian_consent_links SET created_at = now() - interval '2 minutes'");
    expect(await rpc.call(Subjects.identity.resendGuardianConsent, { userId: user.id }, admin)).toEqual({
      state: 'awaiting_consent',
      message: ConsentMessages.requestSent,
    });
    const second = await consentMail(eves.guardianEmail, 2);
    expect(second.token).not.toBe(first.token);
    expect((await rpc.fail(Subjects.identity.giveGuardianConsent, { token: first.token })).code).toBe(
      ErrorCodes.consentLinkInvalid,
    );
    expect(await rpc.call(Subjects.identity.giveGuardianConsent, { token: second.token })).toMatchObject({
      state: 'consent_given',
    });
    expect((await rpc.fail(Subjects.identity.resendGuardianConsent, { userId: user.id }, actorOf(user.id))).code).toBe(
      ErrorCodes.consentConflict,
    );
  });

  it('makes a student who turned 18 while waiting an adult when the request is sent again', async () => {
    const user = await register(student('fay', { dateOfBirth: bornYearsAgo(17), ...guardian }));
    await sql(service.db.url, 'UPDATE users SET date_of_birth = $1 WHERE id = $2', [bornYearsAgo(18), user.id]);
    expect(await rpc.call(Subjects.identity.resendGuardianConsent, { userId: user.id }, actorOf(user.id))).toEqual({
      state: 'adult',
      message: ConsentMessages.nowAdult,
    });
    expect((await consentEvents(user.id)).at(-1)).toEqual({ userId: user.id, state: 'adult', version: 2 });
  });

  it('takes a date of birth once from a student who had none: 13–17 starts the consent request', async () => {
    const user = await register(student('gus'));
    const body = { dateOfBirth: bornYearsAgo(13), ...guardian, guardianEmail: 'gus.guardian@example.com' };
    expect(await rpc.call(Subjects.identity.setDateOfBirth, body, actorOf(user.id))).toEqual({
      state: 'awaiting_consent',
      message: ConsentMessages.requestSent,
    });
    await consentMail(body.guardianEmail);
    expect((await consentEvents(user.id)).at(-1)).toEqual({ userId: user.id, state: 'awaiting_consent', version: 2 });
    expect(await rpc.fail(Subjects.identity.setDateOfBirth, body, actorOf(user.id))).toMatchObject({
      code: ErrorCodes.consentConflict,
      message: ConsentMessages.dateOfBirthAlreadySet,
    });
    const tooYoung = await register(student('hal'));
    expect(
      await rpc.fail(Subjects.identity.setDateOfBirth, { dateOfBirth: bornYearsAgo(12) }, actorOf(tooYoung.id)),
    ).toMatchObject({ message: AgeMessages.tooYoung });
  });
});

describe('announcing students registered before issue 26', () => {
  it('announces each unannounced student once, at start', async () => {
    const user = await register(student('ivy', { dateOfBirth: bornYearsAgo(30) }));
    await sql(service.db.url, "UPDATE users SET consent_version = 0, consent_state = 'date_of_birth_missing'");
    await sql(service.db.url, 'DELETE FROM outbox_events');
    // Another replica starting on the same database, as at a deployment.
    const restarted = await startService(
      identity,
      testConfig({ IDENTITY_DATABASE_URL: service.db.url, NATS_URL: service.nats.url, SMTP_URL: smtp.url }),
      pino({ level: 'silent' }),
    );
    try {
      await eventually(async () => (await consentEvents(user.id)).length === 1, 10_000, 'the backfill');
      expect(await consentEvents(user.id)).toEqual([{ userId: user.id, state: 'date_of_birth_missing', version: 1 }]);
    } finally {
      await restarted.close();
    }
  });
});

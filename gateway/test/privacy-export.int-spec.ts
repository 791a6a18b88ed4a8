import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import {
  DemoCards,
  ErrorCodes,
  type PersonalDataExport,
  PersonalDataExportSchema,
  PrivacyExportMessages,
  ServiceNames,
  type UserDto,
} from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * Issue 26, export: `GET /api/me/export` through the gateway to all five real services (their builds,
 * fresh databases). A student's records are made the way the product makes them (register, a demo
 * payment credited by tutoring, a booking, a delivered session logged by the tutor and counted by
 * payroll, a success story, a free-trial request from the contact form) and the file must hold every
 * one of them, and nothing of another user who did the same. Stopping a service is last: the export
 * then answers 503 and no data at all.
 */
const HOUR = 3_600_000;
const STEP = 30 * 60_000;
const onGrid = (ms: number) => Math.ceil(ms / STEP) * STEP;
const allWeek = {
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
  exceptions: [],
};

interface Caller {
  cookie: string;
  user: UserDto;
}

interface StudentRecords {
  caller: Caller;
  paymentId: string;
  packageId: number;
  bookingId: string;
  testimonialTitle: string;
  trialInfo: string;
}

let platform: RealPlatform;
let server: Server;
let tutor: Caller;
let tutorId: number;
let amelia: StudentRecords;
let other: StudentRecords;

const call = (method: 'get' | 'post' | 'put', path: string, cookie?: string, body?: object) => {
  const req = request(server)[method](path).set('X-Forwarded-For', platform.freshIp());
  if (cookie) req.set('Cookie', cookie);
  return body ? req.send(body) : req;
};
const exportOf = (cookie?: string) => call('get', '/api/me/export', cookie);

async function pay(caller: Caller): Promise<string> {
  const intent = await call('post', '/api/create-payment-intent', caller.cookie, {
    subject: 'Medical School Interviews',
    packageType: 'package5',
    currency: 'GBP',
  });
  expect(intent.status).toBe(200);
  const confirmed = await call('post', '/api/payments/demo/confirm', caller.cookie, {
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber: DemoCards.succeeds,
  });
  expect(confirmed.body.status).toBe('succeeded');
  return intent.body.paymentId as string;
}

/** Every kind of record a student leaves, each made through the API of the service that owns it. */
async function studentWithRecords(name: string, phone: string, hoursAhead: number): Promise<StudentRecords> {
  const caller = await platform.signIn('student');
  const paymentId = await pay(caller);
  const packageId = await eventually(
    async () =>
      (
        await sql<{ id: number }>(platform.databases.tutoring!, 'SELECT id FROM user_sessions WHERE payment_id = $1', [
          paymentId,
        ])
      )[0]?.id,
    15_000,
    'the package credited by tutoring',
  );
  // Assigning a tutor is an admin's step elsewhere; here the package simply gets one.
  await sql(
    platform.databases.tutoring!,
    `UPDATE user_sessions SET primary_tutor_id = $2, assigned_tutor = 'Dr Export' WHERE id = $1`,
    [packageId, tutorId],
  );
  const booked = await call('post', '/api/bookings', caller.cookie, {
    sessionId: packageId,
    start: new Date(onGrid(Date.now() + hoursAhead * HOUR)).toISOString(),
    durationHours: 1,
  });
  expect(booked.status).toBe(201);
  const delivered = await call('post', `/api/tutor/sessions/${packageId}/delivered`, tutor.cookie, {
    date: new Date().toISOString().slice(0, 10),
    durationHours: 1,
  });
  expect(delivered.status).toBe(200);
  await eventually(
    async () =>
      (
        await sql(platform.databases.payroll!, 'SELECT 1 FROM logged_week_packages WHERE student_user_id = $1', [
          caller.user.id,
        ])
      ).length > 0,
    15_000,
    'the delivered hours counted by payroll',
  );
  const testimonialTitle = `${name}'s place at medical school`;
  const story = await call('post', '/api/testimonials', caller.cookie, {
    name,
    title: testimonialTitle,
    content: 'The interview practice made the difference.',
    rating: 5,
    email: caller.user.email,
  });
  expect(story.status).toBe(201);
  // Sent from the contact form signed out, with the address in another case: matched all the same.
  const trialInfo = `Evenings suit ${name}`;
  const trial = await call('post', '/api/consultations', undefined, {
    firstName: name,
    lastName: 'Export',
    email: caller.user.email.toUpperCase(),
    phone,
    subjectInterest: 'FREE TRIAL - Medical School Interviews',
    additionalInfo: trialInfo,
  });
  expect(trial.status).toBe(201);
  // identity's part: a reset request, and the email it sends.
  expect((await call('post', '/api/forgot-password', undefined, { email: caller.user.email })).status).toBe(200);
  return { caller, paymentId, packageId, bookingId: booked.body.id as string, testimonialTitle, trialInfo };
}

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'privacy_export',
    services: ['catalog-payments', 'tutoring', 'reviews', 'payroll'],
    gatewayEnv: { RPC_EXPORT_TIMEOUT_MS: '5000' },
  });
  server = platform.server;
  tutor = await platform.signIn('tutor');
  const [row] = await sql<{ id: number }>(
    platform.databases.tutoring!,
    `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, user_id, login_email, updated_at)
     VALUES ('Dr Export', 'Interviews', 'https://cal.example/e', 'https://meet.example/e', $1, $2, now()) RETURNING id`,
    [tutor.user.id, tutor.user.email],
  );
  tutorId = row!.id;
  expect((await call('put', '/api/tutor/availability', tutor.cookie, allWeek)).status).toBe(200);
  amelia = await studentWithRecords('Amelia', '07700 900123', 48);
  other = await studentWithRecords('Oliver', '07700 900456', 50);
}, PLATFORM_START_MS + 60_000);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

describe('GET /api/me/export', () => {
  let file: PersonalDataExport;
  let text: string;

  beforeAll(async () => {
    const res = await exportOf(amelia.caller.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="medpath-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    text = res.text;
    file = PersonalDataExportSchema.strict().parse(JSON.parse(text));
  }, 30_000);

  it('heads the file with its version, time, owner, the five services and the data categories', () => {
    expect(file.export).toMatchObject({ formatVersion: 1, userId: amelia.caller.user.id });
    expect(Date.now() - Date.parse(file.export.generatedAt)).toBeLessThan(60_000);
    expect(file.export.services).toEqual([...ServiceNames]);
    expect(file.export.dataCategories.length).toBeGreaterThan(0);
  });

  it('holds the account, the reset request and the email identity sent for it, without any secret', () => {
    const { user } = amelia.caller;
    expect(file.identity.account).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(file.identity.twoFactor).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect(file.identity.passwordResets).toEqual([expect.objectContaining({ usedAt: null })]);
    expect(file.identity.emailsSent).toEqual([expect.objectContaining({ subject: expect.any(String) })]);
    const keys = Object.keys(flatten(file));
    expect(keys.filter((key) => /hash|secret|password(?!Resets)|token/i.test(key))).toEqual([]);
  });

  it('holds the payment and the receipt email sent for it', () => {
    expect(file['catalog-payments'].payments).toEqual([
      expect.objectContaining({ paymentId: amelia.paymentId, status: 'succeeded', amount: 19000, refunds: [] }),
    ]);
    expect(file['catalog-payments'].emailsSent).toEqual([expect.objectContaining({ subject: expect.any(String) })]);
  });

  it('holds the package with its ledger, the booking and the free-trial request', () => {
    const { tutoring } = file;
    expect(tutoring.packages).toEqual([
      expect.objectContaining({
        id: amelia.packageId,
        totalHours: 5,
        usedHours: 1,
        ledger: [expect.objectContaining({ kind: 'usage', deltaHours: 1, actorRole: 'tutor' })],
      }),
    ]);
    expect(tutoring.bookings).toEqual([
      expect.objectContaining({
        id: amelia.bookingId,
        studentUserId: amelia.caller.user.id,
        sessionId: amelia.packageId,
      }),
    ]);
    expect(tutoring.consultations).toEqual([
      expect.objectContaining({ kind: 'free-trial', firstName: 'Amelia', additionalInfo: amelia.trialInfo }),
    ]);
    expect(tutoring.tutorProfile).toBeNull();
    // The booking's confirmation.
    expect(tutoring.emailsSent.length).toBeGreaterThan(0);
  });

  it('holds the success story and the purchase behind its badge', () => {
    expect(file.reviews.testimonials).toEqual([
      expect.objectContaining({ title: amelia.testimonialTitle, email: amelia.caller.user.email }),
    ]);
    expect(file.reviews.purchases.map((purchase) => purchase.paymentId)).toEqual([amelia.paymentId]);
  });

  it('holds the hours the tutor logged for the package in payroll, and no tutor section', () => {
    expect(file.payroll.asStudent.loggedHours).toEqual([
      expect.objectContaining({ tutorId, sessionId: amelia.packageId, hours: 1 }),
    ]);
    expect(file.payroll.asTutor).toBeNull();
  });

  it('holds nothing of another student who did the same', () => {
    for (const value of [
      other.caller.user.email,
      other.caller.user.username,
      other.paymentId,
      other.bookingId,
      other.testimonialTitle,
      other.trialInfo,
    ]) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain(`"sessionId":${other.packageId},`);
  });
});

describe('a tutor exports their own data', () => {
  it("holds the directory entry and the hours logged, not the students' bookings or requests", async () => {
    const res = await exportOf(tutor.cookie);
    expect(res.status).toBe(200);
    const file = PersonalDataExportSchema.parse(res.body);
    expect(file.tutoring.tutorProfile).toMatchObject({
      id: tutorId,
      userId: tutor.user.id,
      loginEmail: tutor.user.email,
    });
    expect(file.payroll.asTutor).toMatchObject({ tutorId, loggedWeeks: [expect.objectContaining({ hours: 2 })] });
    expect(file.tutoring.bookings).toEqual([]);
    expect(file.tutoring.consultations).toEqual([]);
    expect(res.text).not.toContain(amelia.caller.user.email);
  });
});

describe('access', () => {
  it('answers 401 to a visitor', async () => {
    const res = await exportOf();
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCodes.unauthenticated);
  });

  it('allows 5 exports an hour per user, then 429 with Retry-After', async () => {
    const { cookie } = await platform.signIn('student');
    for (let i = 0; i < 5; i++) expect((await exportOf(cookie)).status).toBe(200);
    const refused = await exportOf(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }, 30_000);
});

describe('a service that is down', () => {
  it('makes the export fail with 503 when a service hangs past the timeout', async () => {
    const payroll = platform.pauseService('payroll');
    try {
      const res = await exportOf(other.caller.cookie);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(PrivacyExportMessages.unavailable);
      expect(res.text).not.toContain(other.caller.user.email);
    } finally {
      payroll.resume();
    }
  }, 30_000);

  it('makes the whole export fail with 503 and the message, never a partial file', async () => {
    await platform.stopService('reviews');
    const res = await exportOf(amelia.caller.cookie);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: ErrorCodes.serviceUnavailable,
      message: PrivacyExportMessages.unavailable,
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.text).not.toContain(amelia.caller.user.email);
  }, 30_000);
});

/** Every key path of a JSON value, e.g. `identity.account.email`. */
function flatten(value: unknown, path = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [path]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, inner]) => ({ ...all, ...flatten(inner, path ? `${path}.${key}` : key) }),
    {},
  );
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookingMessages, ErrorCodes, Packages, TutoringMessages, type UserDto } from '@medtutor/contracts';
import { type ServiceProcess, sql, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { allWeek, bookingCallers, type Caller, DAY, HOUR, iso, onGrid } from './support/booking-callers.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * Issue 25 through the HTTP API: the gateway against the real identity and tutoring services (their
 * builds, as processes), each on a fresh database. The clock is the real one: times are chosen
 * relative to now, and a booking that must sit inside the notice or in the past is moved there in
 * the database, since the API rightly refuses to book it there.
 */
const ADMIN = { email: 'admin@bookings-routes.test', password: 'admin-pass-1' };
let nats: TestNats;
let databases: { identity: TestDatabase; tutoring: TestDatabase };
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;
const { freshIp, call, registered } = bookingCallers(
  () => server,
  () => databases.identity,
  { ipPrefix: '198.51', emailPrefix: 'user' },
);

let admin: Caller;
let tutor: Caller;
let tutorId: number;
let studentA: Caller;
let studentB: Caller;

const newPackage = async (userId: number, packageName: string = Packages.package5.name, total = 5) => {
  const [row] = await sql<{ id: number }>(
    databases.tutoring,
    `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, purchase_date, primary_tutor_id,
       assigned_tutor, tutor_calendar_link, updated_at)
     VALUES ($1, 'Medical School Interviews', $2, $3, $3, now() - interval '3 days', $4, 'Dr Booker', 'https://cal.example/b', now())
     RETURNING id`,
    [userId, packageName, total, tutorId],
  );
  return row!.id;
};
const hoursOf = async (packageId: number) => {
  const [row] = await sql<{ used: string; reserved: string }>(
    databases.tutoring,
    'SELECT used_hours::text AS used, reserved_hours::text AS reserved FROM user_sessions WHERE id = $1',
    [packageId],
  );
  return { used: Number(row!.used), reserved: Number(row!.reserved) };
};
const moveInDatabase = (bookingId: string, start: number) =>
  sql(
    databases.tutoring,
    `UPDATE bookings SET preferred_date_time = $2, ends_at = $2::timestamptz + make_interval(mins => duration) WHERE id = $1`,
    [bookingId, iso(start)],
  );
const book = (caller: Caller, sessionId: number, start: number, durationHours = 1) =>
  call('post', '/api/bookings', caller.cookie, { sessionId, start: iso(start), durationHours });

beforeAll(async () => {
  nats = await startTestNats();
  databases = {
    identity: await serviceDatabase('identity', 'gw_bk_identity'),
    tutoring: await serviceDatabase('tutoring', 'gw_bk_tutoring'),
  };
  const common = {
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-bookings-mail-')),
  };
  const start = (service: 'identity' | 'tutoring', env: Record<string, string>) =>
    startBuiltService(service, nats.url, { ...common, ...env }).then((started) => {
      services.push(started);
      return started;
    });
  await Promise.all([
    start('identity', {
      IDENTITY_DATABASE_URL: databases.identity.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    }),
    start('tutoring', { TUTORING_DATABASE_URL: databases.tutoring.url, SUPPORT_EMAIL: 'team@medpath.test' }),
  ]);
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();

  const login = await request(server).post('/api/login').set('X-Forwarded-For', freshIp()).send(ADMIN);
  admin = { cookie: sessionCookieFrom(login) as string, user: login.body as UserDto };
  tutor = await registered({ role: 'tutor' });
  studentA = await registered();
  studentB = await registered();
  const [row] = await sql<{ id: number }>(
    databases.tutoring,
    `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, user_id, updated_at)
     VALUES ('Dr Booker', 'Interviews', 'https://cal.example/b', 'https://meet.example/b', $1, now()) RETURNING id`,
    [tutor.user.id],
  );
  tutorId = row!.id;
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases ?? {}).map((db) => db.drop()));
}, 30_000);

describe('availability', () => {
  it('lets the tutor set their own and an admin read any by tutorId; students get 403, visitors 401', async () => {
    const put = await call('put', '/api/tutor/availability', tutor.cookie, allWeek);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ tutorId, timeZone: 'Europe/London', weekly: allWeek.weekly });
    const read = await call('get', `/api/tutor/availability?tutorId=${tutorId}`, admin.cookie);
    expect(read.status).toBe(200);
    expect(read.body.weekly).toHaveLength(7);
    expect((await call('get', '/api/tutor/availability', studentA.cookie)).status).toBe(403);
    expect((await call('get', '/api/tutor/availability')).status).toBe(401);
  });

  it('answers invalid hours with the contracts message', async () => {
    const res = await call('put', '/api/tutor/availability', tutor.cookie, {
      weekly: [{ weekday: 1, startMinute: 600, endMinute: 540 }],
      exceptions: [],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCodes.validationFailed, message: BookingMessages.availabilityOrder });
  });
});

describe('slots and booking', () => {
  it('lists free starts from 24 hours ahead for the package owner only', async () => {
    const packageId = await newPackage(studentA.user.id);
    const now = Date.now();
    const query = `sessionId=${packageId}&durationHours=1&from=${iso(now)}&to=${iso(now + 2 * DAY)}`;
    const res = await call('get', `/api/bookings/slots?${query}`, studentA.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ noticeHours: 24, horizonDays: 28, availabilityPending: false });
    expect(Date.parse(res.body.slots[0].start)).toBeGreaterThanOrEqual(now + 24 * HOUR);
    const other = await call('get', `/api/bookings/slots?${query}`, studentB.cookie);
    expect(other.body).toMatchObject({ statusCode: 404, message: TutoringMessages.packageNotFound });
    expect((await call('get', `/api/bookings/slots?${query}`, tutor.cookie)).status).toBe(403);
  });

  it('validates the query and the body with the spec messages', async () => {
    const packageId = await newPackage(studentA.user.id);
    const slots = await call(
      'get',
      `/api/bookings/slots?sessionId=${packageId}&durationHours=3&from=x&to=y`,
      studentA.cookie,
    );
    expect(slots.status).toBe(400);
    const body = await call('post', '/api/bookings', studentA.cookie, {
      sessionId: packageId,
      start: 'soon',
      durationHours: 1,
    });
    expect(body.body).toMatchObject({ statusCode: 400, message: BookingMessages.startInvalid });
    const tooSoon = await book(studentA, packageId, onGrid(Date.now() + HOUR));
    expect(tooSoon.body).toMatchObject({
      statusCode: 422,
      code: ErrorCodes.slotNotOffered,
      message: BookingMessages.tooSoon(24),
    });
    const small = await newPackage(studentA.user.id, Packages.singleSession.name, 1);
    const short = await book(studentA, small, onGrid(Date.now() + 2 * DAY), 2);
    expect(short.body).toMatchObject({
      statusCode: 409,
      code: ErrorCodes.insufficientHours,
      message: 'Insufficient hours',
    });
  });

  it('gives one slot to exactly one of two racing students: 201 and 409', async () => {
    const packageA = await newPackage(studentA.user.id);
    const packageB = await newPackage(studentB.user.id);
    const start = onGrid(Date.now() + 5 * DAY);
    const [a, b] = await Promise.all([book(studentA, packageA, start), book(studentB, packageB, start)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(won.body).toMatchObject({
      status: 'confirmed',
      meetingLink: 'https://meet.example/b',
      studentName: 'Sam Lee',
      duration: 60,
    });
    expect(lost.body).toEqual({ statusCode: 409, code: ErrorCodes.slotTaken, message: BookingMessages.slotTaken });
  });

  it('lists bookings for the student, the tutor and the admin', async () => {
    const packageId = await newPackage(studentB.user.id);
    const created = await book(studentB, packageId, onGrid(Date.now() + 6 * DAY));
    expect(created.status).toBe(201);
    const mine = await call('get', '/api/bookings', studentB.cookie);
    expect(mine.body.map((b: { id: string }) => b.id)).toContain(created.body.id);
    const others = await call('get', '/api/bookings', studentA.cookie);
    expect(others.body.map((b: { id: string }) => b.id)).not.toContain(created.body.id);
    const tutors = await call('get', '/api/bookings', tutor.cookie);
    expect(tutors.body.map((b: { id: string }) => b.id)).toContain(created.body.id);
    const filtered = await call(
      'get',
      `/api/bookings?tutorId=${tutorId}&status=confirmed&from=${iso(Date.now() + 6 * DAY - HOUR)}`,
      admin.cookie,
    );
    expect(filtered.body.map((b: { id: string }) => b.id)).toEqual([created.body.id]);
  });
});

describe('free trial', () => {
  it('lets an admin book a trial request for 15–30 minutes; students get 403', async () => {
    const [row] = await sql<{ id: number }>(
      databases.tutoring,
      `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, is_free_trial, phone_key)
       VALUES ('Tia', 'Trial', 'tia@example.com', '07700900000', 'FREE TRIAL - UCAT', true, '07700900000') RETURNING id`,
    );
    const body = { consultationId: row!.id, tutorId, start: iso(onGrid(Date.now() + 9 * DAY)), durationMinutes: 30 };
    expect((await call('post', '/api/admin/bookings/free-trial', studentA.cookie, body)).status).toBe(403);
    const tooLong = await call('post', '/api/admin/bookings/free-trial', admin.cookie, {
      ...body,
      durationMinutes: 60,
    });
    expect(tooLong.body).toMatchObject({ statusCode: 400, message: BookingMessages.freeTrialLength });
    const booked = await call('post', '/api/admin/bookings/free-trial', admin.cookie, body);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      isFreeTrial: true,
      duration: 30,
      subject: 'UCAT',
      studentName: 'Tia Trial',
      bookedBy: 'admin',
    });
  });

  it('lists the free-trial requests for admins, newest first, each with its trial if booked', async () => {
    const insert = async (firstName: string, subject: string) => {
      const [row] = await sql<{ id: number }>(
        databases.tutoring,
        `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, is_free_trial, phone_key)
         VALUES ($1, 'Picker', 'picker@example.com', '07700900001', $2, true, '07700900001') RETURNING id`,
        [firstName, subject],
      );
      return row!.id;
    };
    const older = await insert('Olly', 'FREE TRIAL - Medical School Interviews');
    const newer = await insert('Nia', 'FREE TRIAL - UCAT');
    // A home-page consultation is not a trial request.
    await sql(
      databases.tutoring,
      `INSERT INTO consultations (first_name, last_name, phone, subject_interest, phone_key)
       VALUES ('Con', 'Sult', '07700900002', 'UCAT', '07700900002')`,
    );
    const start = onGrid(Date.now() + 10 * DAY);
    const booked = await call('post', '/api/admin/bookings/free-trial', admin.cookie, {
      consultationId: older,
      tutorId,
      start: iso(start),
      durationMinutes: 15,
    });
    expect(booked.status).toBe(201);

    expect((await call('get', '/api/admin/free-trial-requests', studentA.cookie)).status).toBe(403);
    const res = await call('get', '/api/admin/free-trial-requests', admin.cookie);
    expect(res.status).toBe(200);
    const ids = res.body.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(res.body.some((r: { firstName: string }) => r.firstName === 'Con')).toBe(false);
    expect(res.body.find((r: { id: number }) => r.id === newer)).toMatchObject({
      firstName: 'Nia',
      subject: 'UCAT',
      email: 'picker@example.com',
      booking: null,
    });
    expect(res.body.find((r: { id: number }) => r.id === older)).toMatchObject({
      subject: 'Medical School Interviews',
      booking: { id: booked.body.id, start: iso(start), status: 'confirmed', tutorName: booked.body.tutorAssigned },
    });

    // A cancelled trial no longer counts as the request's booking.
    await call('post', `/api/bookings/${booked.body.id}/cancel`, admin.cookie);
    const after = await call('get', '/api/admin/free-trial-requests', admin.cookie);
    expect(after.body.find((r: { id: number }) => r.id === older).booking).toBeNull();
  });
});

describe('changes', () => {
  it('returns the hours on a cancellation 24 hours ahead or more', async () => {
    const packageId = await newPackage(studentA.user.id);
    const booking = await book(studentA, packageId, onGrid(Date.now() + 3 * DAY));
    const res = await call('post', `/api/bookings/${booking.body.id}/cancel`, studentA.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', hoursOutcome: 'returned', icsSequence: 1 });
    expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 0 });
    expect((await call('post', `/api/bookings/${booking.body.id}/cancel`, studentA.cookie)).status).toBe(409);
  });

  it('uses them on a later cancellation', async () => {
    const packageId = await newPackage(studentA.user.id);
    const booking = await book(studentA, packageId, onGrid(Date.now() + 3 * DAY));
    await moveInDatabase(booking.body.id, Date.now() + 20 * HOUR);
    const res = await call('post', `/api/bookings/${booking.body.id}/cancel`, studentA.cookie);
    expect(res.body).toMatchObject({ status: 'cancelled', hoursOutcome: 'used' });
    expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
  });

  it("hides another student's booking (404) and lets the tutor mark a no-show after the start", async () => {
    const packageId = await newPackage(studentA.user.id);
    const booking = await book(studentA, packageId, onGrid(Date.now() + 3 * DAY));
    expect((await call('post', `/api/bookings/${booking.body.id}/cancel`, studentB.cookie)).status).toBe(404);
    expect((await call('post', '/api/bookings/not-a-uuid/cancel', studentA.cookie)).status).toBe(404);
    const early = await call('post', `/api/bookings/${booking.body.id}/no-show`, tutor.cookie);
    expect(early.body).toMatchObject({ statusCode: 409, message: BookingMessages.noShowTooEarly });
    await moveInDatabase(booking.body.id, Date.now() - 15 * 60_000);
    expect((await call('post', `/api/bookings/${booking.body.id}/no-show`, studentA.cookie)).status).toBe(403);
    const marked = await call('post', `/api/bookings/${booking.body.id}/no-show`, tutor.cookie);
    expect(marked.body).toMatchObject({ status: 'no_show', hoursOutcome: 'used' });
    expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
  });

  it('reschedules with the notice rule for students', async () => {
    const packageId = await newPackage(studentA.user.id);
    const start = onGrid(Date.now() + 4 * DAY);
    const booking = await book(studentA, packageId, start);
    const moved = await call('post', `/api/bookings/${booking.body.id}/reschedule`, studentA.cookie, {
      start: iso(start + DAY + 3 * HOUR),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      preferredDateTime: iso(start + DAY + 3 * HOUR),
      icsSequence: 1,
      icsUid: booking.body.icsUid,
    });
    await moveInDatabase(booking.body.id, Date.now() + 10 * HOUR);
    const late = await call('post', `/api/bookings/${booking.body.id}/reschedule`, studentA.cookie, {
      start: iso(start),
    });
    expect(late.body).toMatchObject({
      statusCode: 409,
      code: ErrorCodes.bookingChangeNotAllowed,
      message: BookingMessages.changeTooLate(24),
    });
  });

  it('turns a delivered booking into used hours once, through the delivered-session route', async () => {
    const packageId = await newPackage(studentA.user.id);
    const booking = await book(studentA, packageId, onGrid(Date.now() + 7 * DAY), 1.5);
    const body = { date: '2027-03-29', durationHours: 1.5, bookingId: booking.body.id };
    const delivered = await call('post', `/api/tutor/sessions/${packageId}/delivered`, tutor.cookie, body);
    expect(delivered.status).toBe(200);
    expect(delivered.body.usedHours).toBe(1.5);
    expect(await hoursOf(packageId)).toEqual({ used: 1.5, reserved: 0 });
    const again = await call('post', `/api/tutor/sessions/${packageId}/delivered`, tutor.cookie, body);
    expect(again.body).toMatchObject({ statusCode: 409, code: ErrorCodes.bookingStatusConflict });
    expect(await hoursOf(packageId)).toEqual({ used: 1.5, reserved: 0 });
  });
});

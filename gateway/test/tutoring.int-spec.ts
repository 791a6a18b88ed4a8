import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ErrorCodes,
  FreeTrialSubjectPrefix,
  type Role,
  ServerMessages,
  TutorDirectoryMessages,
  TutoringMessages,
  type UserDto,
  ValidationMessages,
} from '@medtutor/contracts';
import {
  type ServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
  eventually,
  sql,
} from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { insertPackage, serviceDatabase, startBuiltService } from './support/real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The gateway's tutoring routes against the real identity and tutoring services (their builds, run
 * as processes: the gateway may not import service code), each on a fresh database, all on one
 * private NATS with JetStream, so the free-trial event really travels from tutoring to identity.
 */
const ADMIN = { email: 'admin@tutoring-routes.test', password: 'admin-pass-1' };
const CONSULTATIONS_PER_IP = 3;

let nats: TestNats;
let databases: { identity: TestDatabase; tutoring: TestDatabase };
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;

beforeAll(async () => {
  nats = await startTestNats();
  databases = {
    identity: await serviceDatabase('identity', 'gw_identity'),
    tutoring: await serviceDatabase('tutoring', 'gw_tutoring'),
  };
  const common = {
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-tutoring-mail-')),
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
  gateway = await startGatewayOn(nats.url, {
    env: {
      TRUST_PROXY: 'true',
      RPC_TIMEOUT_MS: '5000',
      RATE_LIMIT_CONSULTATIONS_IP: `${CONSULTATIONS_PER_IP}/1h`,
    },
  });
  server = gateway.app.getHttpServer();
  // Two service processes start, migrate and seed: well beyond jest's default hook timeout.
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases ?? {}).map((db) => db.drop()));
}, 30_000);

let ipCounter = 0;
/** A client address per request (TRUST_PROXY is on), so the per-IP limits never meet. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

interface Caller {
  cookie: string;
  user: UserDto;
}

/** A registered user, signed in; a tutor is a student whose role identity then changed. */
async function registered(role: Exclude<Role, 'admin'> = 'student', fields: Record<string, string> = {}) {
  const suffix = `${++ipCounter}${Math.random().toString(36).slice(2, 8)}`;
  const res = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', freshIp())
    .send({ username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'pass-word-1', ...fields });
  expect(res.status).toBe(201);
  const caller: Caller = { cookie: sessionCookieFrom(res) as string, user: res.body as UserDto };
  if (role === 'tutor') {
    await sql(databases.identity, `UPDATE users SET role = 'tutor' WHERE id = $1`, [caller.user.id]);
    // GET /api/user picks up a changed role for the session's guards.
    const me = await request(server).get('/api/user').set('Cookie', caller.cookie);
    expect(me.body.role).toBe('tutor');
    caller.user = me.body as UserDto;
  }
  return caller;
}

async function signedInAdmin(): Promise<Caller> {
  const res = await request(server).post('/api/login').set('X-Forwarded-For', freshIp()).send(ADMIN);
  expect(res.status).toBe(200);
  return { cookie: sessionCookieFrom(res) as string, user: res.body as UserDto };
}

const packageFor = (userId: number, totalHours?: number, subject?: string) =>
  insertPackage(databases.tutoring, userId, totalHours, subject);

type Method = 'get' | 'post' | 'patch' | 'delete';
const call = (method: Method, path: string, cookie?: string, body?: object) => {
  const req = request(server)[method](path).set('X-Forwarded-For', freshIp());
  if (cookie) req.set('Cookie', cookie);
  return body ? req.send(body) : req;
};

const error = (statusCode: number, code: string, message: string) => ({ statusCode, code, message });
const notFoundPackage = error(404, ErrorCodes.notFound, TutoringMessages.packageNotFound);
/** The gateway's own validation: the first problem as message, every invalid field in errors. */
const invalid = (message: string) => ({
  ...error(400, ErrorCodes.validationFailed, message),
  errors: expect.arrayContaining([expect.objectContaining({ message })]),
});
/** A rule only the service can check (it knows the package): no field list. */
const refusedByService = (message: string) => error(400, ErrorCodes.validationFailed, message);
const link = (name: string) => `https://calendar.example/${name}`;

let admin: Caller;
let studentA: Caller;
let studentB: Caller;
let tutor: Caller;

beforeAll(async () => {
  [admin, studentA, studentB, tutor] = await Promise.all([
    signedInAdmin(),
    registered('student', { firstName: 'Amelia', phone: '+44 7700 900001' }),
    registered(),
    registered('tutor'),
  ]);
}, 30_000);

describe('GET /api/user/sessions', () => {
  it("answers the signed-in student's own packages, newest first, and 401 to a visitor", async () => {
    const older = await packageFor(studentA.user.id, 5);
    await sleep(5);
    const newer = await packageFor(studentA.user.id, 10, 'Medical School Support');
    const others = await packageFor(studentB.user.id, 5);

    const res = await call('get', '/api/user/sessions', studentA.cookie);
    expect(res.status).toBe(200);
    const ids = (res.body as Array<{ id: number; userId: number }>).map((pkg) => pkg.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(others);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: newer, userId: studentA.user.id, totalHours: 10, usedHours: 0, examDate: null }),
      ]),
    );

    const visitor = await call('get', '/api/user/sessions');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual(error(401, ErrorCodes.unauthenticated, ServerMessages.unauthenticated));
  });
});

describe('PATCH /api/sessions/:id/exam-date (student)', () => {
  it("sets the date on the student's own package", async () => {
    const id = await packageFor(studentA.user.id);
    const res = await call('patch', `/api/sessions/${id}/exam-date`, studentA.cookie, { examDate: '2027-06-15' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, examDate: '2027-06-15' });
    const mine = await call('get', '/api/user/sessions', studentA.cookie);
    expect(mine.body).toEqual(expect.arrayContaining([expect.objectContaining({ id, examDate: '2027-06-15' })]));
  });

  it("answers 404 for another student's package and leaves it unchanged", async () => {
    const id = await packageFor(studentA.user.id);
    const res = await call('patch', `/api/sessions/${id}/exam-date`, studentB.cookie, { examDate: '2027-01-01' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFoundPackage);
    const [row] = await sql<{ exam_date: Date | null }>(
      databases.tutoring,
      'SELECT exam_date FROM user_sessions WHERE id = $1',
      [id],
    );
    expect(row?.exam_date).toBeNull();
  });

  it('answers 401 to a visitor, 403 to a tutor, 404 for a malformed or missing id', async () => {
    const id = await packageFor(studentA.user.id);
    const body = { examDate: '2027-06-15' };

    expect((await call('patch', `/api/sessions/${id}/exam-date`, undefined, body)).status).toBe(401);
    expect((await call('patch', `/api/sessions/${id}/exam-date`, tutor.cookie, body)).status).toBe(403);
    for (const bad of ['abc', '1e3', '0', '-1', '99999999999', '2147483647']) {
      const res = await call('patch', `/api/sessions/${bad}/exam-date`, studentA.cookie, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFoundPackage);
    }
  });

  it.each([
    [{}, ValidationMessages.examDateRequired],
    [{ examDate: '' }, ValidationMessages.examDateRequired],
    [{ examDate: '2027-02-30' }, TutoringMessages.examDateInvalid],
    [{ examDate: '15/06/2027' }, TutoringMessages.examDateInvalid],
  ])('answers 400 for %j', async (body, message) => {
    const id = await packageFor(studentA.user.id);
    const res = await call('patch', `/api/sessions/${id}/exam-date`, studentA.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(message));
  });
});

describe('PATCH /api/user/sessions/:id/usage (admin)', () => {
  it('sets used hours in 0.5 steps and records the reason and the admin in the ledger', async () => {
    const id = await packageFor(studentA.user.id, 5);

    const res = await call('patch', `/api/user/sessions/${id}/usage`, admin.cookie, {
      usedHours: 2.5,
      reason: 'Mock interview',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, usedHours: 2.5, totalHours: 5 });
    // The maximum is allowed, and a numeric string counts as its number.
    expect(
      (await call('patch', `/api/user/sessions/${id}/usage`, admin.cookie, { usedHours: '5' })).body,
    ).toMatchObject({
      usedHours: 5,
    });

    const ledger = await call('get', `/api/sessions/${id}/ledger`, admin.cookie);
    expect(ledger.status).toBe(200);
    expect(ledger.body).toEqual([
      expect.objectContaining({ deltaHours: 2.5, usedHoursAfter: 5, actorRole: 'admin', actorName: 'admin' }),
      expect.objectContaining({
        sessionId: id,
        deltaHours: 2.5,
        usedHoursAfter: 2.5,
        reason: 'Mock interview',
        actorRole: 'admin',
        actorName: 'admin',
      }),
    ]);
  });

  it.each([-0.5, 0.3, 0.51, 1.25, 5.5, 100])(
    "answers 400 with the spec's message naming the package's total for %p",
    async (usedHours) => {
      const id = await packageFor(studentA.user.id, 5);
      const res = await call('patch', `/api/user/sessions/${id}/usage`, admin.cookie, { usedHours });

      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusedByService('Please enter a valid number between 0 and 5'));
      const [row] = await sql<{ used_hours: string }>(
        databases.tutoring,
        'SELECT used_hours FROM user_sessions WHERE id = $1',
        [id],
      );
      expect(Number(row?.used_hours)).toBe(0);
    },
  );

  it.each([{}, { usedHours: '' }, { usedHours: 'two' }, { usedHours: null }])(
    'answers 400 for a value that is not a number: %j',
    async (body) => {
      const id = await packageFor(studentA.user.id, 5);
      const res = await call('patch', `/api/user/sessions/${id}/usage`, admin.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid(TutoringMessages.hoursNotANumber));
    },
  );

  it('answers 404 for a package that does not exist', async () => {
    const res = await call('patch', '/api/user/sessions/2147483647/usage', admin.cookie, { usedHours: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFoundPackage);
  });
});

describe('GET /api/sessions/:id/ledger', () => {
  it('serves the owner and an admin; another student gets 404 and a visitor 401', async () => {
    const id = await packageFor(studentA.user.id, 5);
    await call('patch', `/api/user/sessions/${id}/usage`, admin.cookie, { usedHours: 1, reason: 'First session' });

    const own = await call('get', `/api/sessions/${id}/ledger`, studentA.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([expect.objectContaining({ sessionId: id, deltaHours: 1, reason: 'First session' })]);
    expect((await call('get', `/api/sessions/${id}/ledger`, admin.cookie)).body).toEqual(own.body);

    const other = await call('get', `/api/sessions/${id}/ledger`, studentB.cookie);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(notFoundPackage);
    expect((await call('get', `/api/sessions/${id}/ledger`)).status).toBe(401);
    expect((await call('get', '/api/sessions/not-an-id/ledger', admin.cookie)).status).toBe(404);
  });
});

describe('PATCH /api/user/sessions/:id/exam-date (admin)', () => {
  it("sets any student's exam date", async () => {
    const id = await packageFor(studentB.user.id);
    const res = await call('patch', `/api/user/sessions/${id}/exam-date`, admin.cookie, { examDate: '2027-09-01' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, userId: studentB.user.id, examDate: '2027-09-01' });
    expect((await call('patch', `/api/user/sessions/${id}/exam-date`, admin.cookie, {})).body).toEqual(
      invalid(ValidationMessages.examDateRequired),
    );
  });
});

describe('PATCH /api/admin/sessions/:id/assign-tutor', () => {
  it('assigns a tutor and calendar link that the student then sees', async () => {
    const id = await packageFor(studentA.user.id);
    const res = await call('patch', `/api/admin/sessions/${id}/assign-tutor`, admin.cookie, {
      tutorName: 'Amira Hassan',
      calendarLink: link('amira'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, assignedTutor: 'Amira Hassan', tutorCalendarLink: link('amira') });
    const mine = await call('get', '/api/user/sessions', studentA.cookie);
    expect(mine.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, assignedTutor: 'Amira Hassan', hasDualTutors: false })]),
    );
  });

  it.each([
    [{ calendarLink: link('x') }, ValidationMessages.tutorRequired],
    [{ tutorName: '  ', calendarLink: link('x') }, ValidationMessages.tutorRequired],
    [{ tutorName: 'Amira Hassan', calendarLink: 'not a url' }, ValidationMessages.urlInvalid],
    [{ tutorName: 'Amira Hassan', calendarLink: 'javascript:alert(1)' }, ValidationMessages.urlInvalid],
    [{ tutorName: 'Amira Hassan' }, ValidationMessages.urlInvalid],
  ])('answers 400 for %j', async (body, message) => {
    const id = await packageFor(studentA.user.id);
    const res = await call('patch', `/api/admin/sessions/${id}/assign-tutor`, admin.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(message));
  });
});

describe('PATCH /api/admin/sessions/:id/assign-dual-tutors', () => {
  const dual = {
    primaryTutor: 'Amira Hassan',
    primaryCalendar: link('amira'),
    secondaryTutor: 'Daniel Okafor',
    secondaryCalendar: link('daniel'),
  };

  it('assigns two tutors to a package of 10 hours', async () => {
    const id = await packageFor(studentA.user.id, 10);
    const res = await call('patch', `/api/admin/sessions/${id}/assign-dual-tutors`, admin.cookie, dual);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      hasDualTutors: true,
      assignedTutor: 'Amira Hassan',
      tutorCalendarLink: link('amira'),
      secondaryTutor: 'Daniel Okafor',
      secondaryTutorCalendarLink: link('daniel'),
    });
  });

  it('refuses a package under 10 hours with a clear message and changes nothing', async () => {
    const id = await packageFor(studentA.user.id, 5);
    const res = await call('patch', `/api/admin/sessions/${id}/assign-dual-tutors`, admin.cookie, dual);

    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusedByService(TutoringMessages.dualTutorsNeedTenHours));
    const [row] = await sql<{ has_dual_tutors: boolean }>(
      databases.tutoring,
      'SELECT has_dual_tutors FROM user_sessions WHERE id = $1',
      [id],
    );
    expect(row?.has_dual_tutors).toBe(false);
  });

  it('checks both calendar links and both names', async () => {
    const id = await packageFor(studentA.user.id, 10);
    const badLink = await call('patch', `/api/admin/sessions/${id}/assign-dual-tutors`, admin.cookie, {
      ...dual,
      secondaryCalendar: 'calendar',
    });
    expect(badLink.body).toEqual(invalid(ValidationMessages.urlInvalid));
    const noName = await call('patch', `/api/admin/sessions/${id}/assign-dual-tutors`, admin.cookie, {
      ...dual,
      secondaryTutor: '',
    });
    expect(noName.body).toEqual(invalid(ValidationMessages.tutorRequired));
  });
});

describe('GET /api/admin/users', () => {
  it('lists the students with contact details and their packages, without admins or tutors', async () => {
    const student = await registered('student', { firstName: 'Noor', phone: '+44 7700 900123' });
    const first = await packageFor(student.user.id, 5);
    await sleep(5);
    const second = await packageFor(student.user.id, 10, 'Medical School Support');

    const res = await call('get', '/api/admin/users', admin.cookie);
    expect(res.status).toBe(200);
    const users = res.body as Array<UserDto & { sessions: Array<{ id: number }> }>;
    const listed = users.find((user) => user.id === student.user.id);
    expect(listed).toMatchObject({
      username: student.user.username,
      email: student.user.email,
      firstName: 'Noor',
      phone: '+44 7700 900123',
      freeTrialUsed: false,
      role: 'student',
      isAdmin: false,
    });
    expect(listed?.sessions.map((pkg) => pkg.id)).toEqual([second, first]);
    expect(listed?.sessions[1]).toMatchObject({ userId: student.user.id, totalHours: 5, usedHours: 0 });
    const ids = users.map((user) => user.id);
    expect(ids).not.toContain(admin.user.id);
    expect(ids).not.toContain(tutor.user.id);
    expect(users.every((user) => user.role === 'student')).toBe(true);
  });
});

describe('admin routes refuse everyone but admins', () => {
  // Always three entries: with two, jest would pass its `done` callback as the body.
  const routes: Array<[Method, string, object | undefined]> = [
    ['patch', '/api/user/sessions/1/usage', { usedHours: 1 }],
    ['patch', '/api/user/sessions/1/exam-date', { examDate: '2027-06-15' }],
    ['patch', '/api/admin/sessions/1/assign-tutor', { tutorName: 'Amira Hassan', calendarLink: link('a') }],
    [
      'patch',
      '/api/admin/sessions/1/assign-dual-tutors',
      { primaryTutor: 'A', primaryCalendar: link('a'), secondaryTutor: 'B', secondaryCalendar: link('b') },
    ],
    ['get', '/api/admin/users', undefined],
    ['get', '/api/admin/tutors', undefined],
    ['post', '/api/admin/tutors', { name: 'Someone', specialty: 'UCAT', calendarLink: link('s') }],
    ['patch', '/api/admin/tutors/1', { name: 'Renamed' }],
    ['delete', '/api/admin/tutors/1', undefined],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a student and for a tutor', async (method, path, body) => {
    const visitor = await call(method, path, undefined, body);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual(error(401, ErrorCodes.unauthenticated, ServerMessages.unauthenticated));
    for (const caller of [studentA, tutor]) {
      const res = await call(method, path, caller.cookie, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(error(403, ErrorCodes.forbidden, ServerMessages.forbidden));
    }
  });

  it('leaves the package and the directory untouched after refused calls', async () => {
    const id = await packageFor(studentA.user.id, 10);
    await call('patch', `/api/user/sessions/${id}/usage`, studentA.cookie, { usedHours: 0.5 });
    await call('patch', `/api/admin/sessions/${id}/assign-tutor`, tutor.cookie, {
      tutorName: 'Me',
      calendarLink: link('me'),
    });
    const mine = await call('get', '/api/user/sessions', studentA.cookie);
    expect(mine.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, usedHours: 0, assignedTutor: null })]),
    );
    const tutors = await call('get', '/api/admin/tutors', admin.cookie);
    expect((tutors.body as Array<{ name: string }>).map((entry) => entry.name)).not.toContain('Someone');
  });
});

describe('tutor directory', () => {
  it('GET /api/tutors shows a visitor only the public card fields of active tutors', async () => {
    const res = await call('get', '/api/tutors');

    expect(res.status).toBe(200);
    const cards = res.body as Array<Record<string, unknown>>;
    expect(cards.map((card) => card.name)).toEqual(expect.arrayContaining(['Amira Hassan', 'Daniel Okafor']));
    for (const card of cards) {
      expect(Object.keys(card).sort()).toEqual(['id', 'name', 'photoUrl', 'qualifications', 'specialty', 'subjects']);
    }
  });

  it('creates, edits, deactivates and re-activates an entry', async () => {
    const created = await call('post', '/api/admin/tutors', admin.cookie, {
      name: 'Priya Natarajan',
      specialty: 'Medical School Support',
      qualifications: '6th-year medical student\nAnatomy demonstrator',
      calendarLink: link('priya'),
      subjects: ['Medical School Support'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Priya Natarajan',
      calendarLink: link('priya'),
      photoUrl: null,
      active: true,
      userId: null,
    });
    const id = created.body.id as number;
    const publicNames = async () =>
      ((await call('get', '/api/tutors')).body as Array<{ name: string }>).map((card) => card.name);
    expect(await publicNames()).toContain('Priya Natarajan');

    const edited = await call('patch', `/api/admin/tutors/${id}`, admin.cookie, { specialty: 'Anatomy' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: 'Priya Natarajan', specialty: 'Anatomy' });

    const deactivated = await call('delete', `/api/admin/tutors/${id}`, admin.cookie);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id, active: false });
    expect(await publicNames()).not.toContain('Priya Natarajan');
    const directory = await call('get', '/api/admin/tutors', admin.cookie);
    expect(directory.body).toEqual(expect.arrayContaining([expect.objectContaining({ id, active: false })]));

    const reactivated = await call('post', `/api/admin/tutors/${id}/reactivate`, admin.cookie);
    expect(reactivated.body).toMatchObject({ id, active: true });
    expect(await publicNames()).toContain('Priya Natarajan');
  });

  it('validates entries and answers 404 for unknown or malformed ids', async () => {
    const create = (body: object) => call('post', '/api/admin/tutors', admin.cookie, body);
    expect((await create({ specialty: 'UCAT', calendarLink: link('x') })).body).toEqual(
      invalid(TutorDirectoryMessages.nameRequired),
    );
    expect((await create({ name: 'X', calendarLink: link('x') })).body).toEqual(
      invalid(TutorDirectoryMessages.specialtyRequired),
    );
    expect((await create({ name: 'X', specialty: 'UCAT', calendarLink: 'nope' })).body).toEqual(
      invalid(ValidationMessages.urlInvalid),
    );

    const notFound = error(404, ErrorCodes.notFound, TutorDirectoryMessages.tutorNotFound);
    for (const id of ['2147483647', 'abc', '1.5']) {
      const edit = await call('patch', `/api/admin/tutors/${id}`, admin.cookie, { name: 'X' });
      expect(edit.status).toBe(404);
      expect(edit.body).toEqual(notFound);
      expect((await call('delete', `/api/admin/tutors/${id}`, admin.cookie)).body).toEqual(notFound);
    }
  });
});

describe('POST /api/consultations', () => {
  const home = {
    firstName: 'Sam',
    lastName: 'Jones',
    phone: '07700 900',
    subjectInterest: 'Medical School Interviews',
    additionalInfo: 'Interview in March',
    isParent: true,
  };
  const post = (body: object, ip = freshIp()) =>
    request(server).post('/api/consultations').set('X-Forwarded-For', ip).send(body);

  it('takes a home-form request without an email and answers its message', async () => {
    const res = await post(home);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TutoringMessages.consultationReceived });
    const [row] = await sql<{ first_name: string; is_parent: boolean; is_free_trial: boolean }>(
      databases.tutoring,
      'SELECT first_name, is_parent, is_free_trial FROM consultations ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ first_name: 'Sam', is_parent: true, is_free_trial: false });
  });

  it.each([
    [{ firstName: 'S' }, ValidationMessages.firstNameMin],
    [{ lastName: 'J' }, ValidationMessages.lastNameMin],
    [{ email: 'not-an-email' }, ValidationMessages.emailInvalid],
    [{ phone: '0770' }, ValidationMessages.phoneInvalid],
    [{ subjectInterest: '' }, ValidationMessages.subjectRequired],
  ])('applies the home-form rules: %j', async (change, message) => {
    const res = await post({ ...home, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(message));
  });

  it('applies the stricter free-trial rules when the subject carries the prefix', async () => {
    const trial = { ...home, subjectInterest: `${FreeTrialSubjectPrefix}Medical School Interviews` };
    // The home form's body (no email, 9-character phone) is not enough for a free trial.
    expect((await post(trial)).body).toEqual(invalid(ValidationMessages.emailInvalid));
    expect((await post({ ...trial, email: 'sam@example.com' })).body).toEqual(invalid(ValidationMessages.phoneInvalid));
    const res = await post({ ...trial, email: 'sam@example.com', phone: '07700 900 456' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TutoringMessages.freeTrialReceived });
  });

  it(`limits one address to ${CONSULTATIONS_PER_IP} requests`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONSULTATIONS_PER_IP; i += 1) expect((await post(home, ip)).status).toBe(201);
    const limited = await post(home, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(error(429, ErrorCodes.rateLimited, ServerMessages.rateLimited));
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await post(home)).status).toBe(201);
  });
});

describe('free trial, end to end', () => {
  it("marks the registered user's free trial used in identity and check-free-trial turns true", async () => {
    const phone = '+44 7700 900777';
    const student = await registered('student', { phone });
    const check = (body: object) => call('post', '/api/check-free-trial', undefined, body);
    expect((await check({ email: student.user.email, phone })).body).toEqual({ hasUsedFreeTrial: false });

    const res = await call('post', '/api/consultations', undefined, {
      firstName: 'Trial',
      lastName: 'Student',
      // Case and spacing differ from the account's: the same person all the same.
      email: student.user.email.toUpperCase(),
      phone,
      subjectInterest: `${FreeTrialSubjectPrefix}Medical School Support`,
      isParent: false,
    });
    expect(res.status).toBe(201);

    // tutoring's outbox → JetStream → identity's consumer: poll, with a bound.
    const me = await eventually(
      async () => {
        const res = await call('get', '/api/user', student.cookie);
        return res.body.freeTrialUsed === true && res;
      },
      20_000,
      'identity to mark the free trial used',
    );
    expect(me.body).toMatchObject({ id: student.user.id, freeTrialUsed: true });
    const listed = await call('get', '/api/admin/users', admin.cookie);
    expect(listed.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: student.user.id, freeTrialUsed: true })]),
    );

    expect((await check({ email: student.user.email, phone })).body).toEqual({ hasUsedFreeTrial: true });
    // Either value alone is not asked about.
    expect((await check({ email: student.user.email })).body).toEqual({ hasUsedFreeTrial: false });
    expect((await check({ phone })).body).toEqual({ hasUsedFreeTrial: false });
    expect((await check({})).body).toEqual({ hasUsedFreeTrial: false });
  }, 30_000);
});

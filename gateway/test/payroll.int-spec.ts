import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ErrorCodes,
  PayrollMessages,
  ServerMessages,
  PackageDtoSchema,
  TutorDirectoryMessages,
  type TutorDto,
  TutorDtoSchema,
  TutorInvitationMessages,
} from '@medtutor/contracts';
import {
  type ServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
  eventually,
} from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { z } from 'zod';
import { insertPackage, serviceDatabase, startBuiltService } from './support/real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The tutor portal end to end through the real gateway, identity, tutoring and payroll (their builds,
 * run as processes: the gateway may not import service code), each on a fresh database, all on one
 * private NATS: an admin invites tutors, they set passwords from the emailed link, log sessions and
 * file timesheets that the admin approves and pays.
 */
let nats: TestNats;
let databases: { identity: TestDatabase; tutoring: TestDatabase; payroll: TestDatabase };
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;
/** Identity's outbox, where the invitations land; tutoring writes its own mail elsewhere. */
let mailDir: string;
let tutoringMailDir: string;
let ipCounter = 0;

const password = 'pass-word-1';
const cookies = { admin: '', student: '', tutorA: '', tutorB: '' };
let studentId: number;
let tutorA: TutorDto;
let tutorB: TutorDto;
let packageA: number;
let packageB: number;

const fromIp = () => `198.51.100.${++ipCounter % 250}`;
const login = async (email: string): Promise<string> => {
  const res = await request(server).post('/api/login').set('X-Forwarded-For', fromIp()).send({ email, password });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res) as string;
};
const invite = (body: Record<string, unknown>) =>
  request(server).post('/api/admin/tutor-accounts').set('Cookie', cookies.admin).send(body);
const createTutor = async (name: string, specialty: string, calendarLink: string): Promise<TutorDto> => {
  const res = await request(server)
    .post('/api/admin/tutors')
    .set('Cookie', cookies.admin)
    .send({ name, specialty, calendarLink });
  expect(res.status).toBe(201);
  return TutorDtoSchema.parse(res.body);
};

/** The invited tutor sets a password through the emailed link, then signs in. */
async function acceptInvitation(email: string): Promise<string> {
  const token = await eventually(
    async () => {
      for (const name of (await readdir(mailDir)).filter((file) => file.endsWith('.json'))) {
        const mail = JSON.parse(await readFile(join(mailDir, name), 'utf8')) as { to: string; text: string };
        if (mail.to === email) return mail.text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
      }
      return undefined;
    },
    10_000,
    `the invitation to ${email}`,
  );
  const reset = await request(server).post('/api/reset-password').send({ token, password, confirmPassword: password });
  expect(reset.status).toBe(200);
  return login(email);
}

beforeAll(async () => {
  nats = await startTestNats();
  databases = {
    identity: await serviceDatabase('identity', 'gw_payroll_identity'),
    tutoring: await serviceDatabase('tutoring', 'gw_payroll_tutoring'),
    payroll: await serviceDatabase('payroll', 'gw_payroll_payroll'),
  };
  mailDir = await mkdtemp(join(tmpdir(), 'gw-payroll-mail-'));
  tutoringMailDir = await mkdtemp(join(tmpdir(), 'gw-payroll-tutoring-mail-'));
  const start = (service: 'identity' | 'tutoring' | 'payroll', env: Record<string, string>) =>
    startBuiltService(service, nats.url, env).then((started) => {
      services.push(started);
      return started;
    });
  const mailFrom = 'MedPath Tests <no-reply@medpath.test>';
  await Promise.all([
    start('identity', {
      IDENTITY_DATABASE_URL: databases.identity.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      MAIL_FROM: mailFrom,
      MAIL_OUTBOX_DIR: mailDir,
      SEED_ADMIN_EMAIL: 'admin@example.com',
      SEED_ADMIN_PASSWORD: password,
    }),
    start('tutoring', {
      TUTORING_DATABASE_URL: databases.tutoring.url,
      MAIL_FROM: mailFrom,
      MAIL_OUTBOX_DIR: tutoringMailDir,
      SUPPORT_EMAIL: 'team@medpath.test',
    }),
    start('payroll', { PAYROLL_DATABASE_URL: databases.payroll.url }),
  ]);
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();

  cookies.admin = await login('admin@example.com');
  const registered = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', fromIp())
    .send({ username: 'sam', email: 'sam@example.com', password, firstName: 'Sam', lastName: 'Patel' });
  expect(registered.status).toBe(201);
  studentId = registered.body.id as number;
  cookies.student = sessionCookieFrom(registered) as string;

  tutorA = await createTutor('Dr Ada', 'Interviews', 'https://cal.example/Ada');
  tutorB = await createTutor('Dr Ben', 'Interviews', 'https://cal.example/Ben');
  for (const [tutor, email, firstName] of [
    [tutorA, 'ada@example.com', 'Ada'],
    [tutorB, 'ben@example.com', 'Ben'],
  ] as const) {
    const res = await invite({ tutorId: tutor.id, email, firstName, lastName: 'Tutor' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tutorId: tutor.id, email, userId: expect.any(Number) });
  }
  cookies.tutorA = await acceptInvitation('ada@example.com');
  cookies.tutorB = await acceptInvitation('ben@example.com');

  packageA = await insertPackage(databases.tutoring, studentId, 10);
  packageB = await insertPackage(databases.tutoring, studentId, 5);
  for (const [sessionId, tutor] of [
    [packageA, tutorA],
    [packageB, tutorB],
  ] as const) {
    const res = await request(server)
      .patch(`/api/admin/sessions/${sessionId}/assign-tutor`)
      .set('Cookie', cookies.admin)
      .send({ tutorName: tutor.name, calendarLink: tutor.calendarLink });
    expect(res.status).toBe(200);
  }
  // Both tutoring and payroll have linked the logins once the events went through.
  await eventually(
    async () => {
      const res = await request(server).get('/api/admin/tutors').set('Cookie', cookies.admin);
      const tutors = z.array(TutorDtoSchema).parse(res.body);
      return tutors.filter((tutor) => tutor.userId !== null).length === 2;
    },
    10_000,
    'tutoring to link both logins',
  );
  for (const cookie of [cookies.tutorA, cookies.tutorB]) {
    await eventually(
      async () =>
        (await request(server).get('/api/tutor/payslips/week?weekStarting=2026-11-23').set('Cookie', cookie)).status ===
        200,
      10_000,
      'payroll to record the login',
    );
  }
  // Three service processes start, migrate and seed before the scenario is set up.
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases ?? {}).map((db) => db.drop()));
  await Promise.all([mailDir, tutoringMailDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
}, 30_000);

const adminRoutes = [
  ['get', '/api/admin/payslips'],
  ['patch', '/api/admin/payslips/1/approve'],
  ['patch', '/api/admin/payslips/1/mark-paid'],
  ['delete', '/api/admin/payslips/1'],
  ['post', '/api/admin/tutor-accounts'],
] as const;
const tutorRoutes = [
  ['get', '/api/tutor/students'],
  ['post', '/api/tutor/sessions/1/delivered'],
  ['get', '/api/tutor/payslips'],
  ['get', '/api/tutor/payslips/week?weekStarting=2026-11-23'],
  ['post', '/api/tutor/payslips'],
  ['post', '/api/tutor/payslips/1/submit'],
] as const;

describe('who may call what', () => {
  it.each([...adminRoutes, ...tutorRoutes])('%s %s: 401 for a visitor, 403 for a student', async (method, path) => {
    const visitor = await request(server)[method](path);
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(ErrorCodes.unauthenticated);
    const student = await request(server)[method](path).set('Cookie', cookies.student);
    expect(student.status).toBe(403);
    expect(student.body.code).toBe(ErrorCodes.forbidden);
  });

  it.each(adminRoutes)('%s %s: 403 for a tutor', async (method, path) => {
    const res = await request(server)[method](path).set('Cookie', cookies.tutorA);
    expect(res.status).toBe(403);
  });

  it.each(tutorRoutes)('%s %s: 403 for an admin', async (method, path) => {
    const res = await request(server)[method](path).set('Cookie', cookies.admin);
    expect(res.status).toBe(403);
  });
});

describe('POST /api/admin/tutor-accounts', () => {
  it('refuses a second login for a tutor, an unknown tutor, a taken email and a bad body', async () => {
    const hasLogin = await invite({ tutorId: tutorA.id, email: 'ada2@example.com', firstName: 'Ada', lastName: 'Two' });
    expect(hasLogin.status).toBe(409);
    expect(hasLogin.body).toMatchObject({
      code: ErrorCodes.tutorHasLogin,
      message: TutorInvitationMessages.tutorHasLogin,
    });

    const unknown = await invite({ tutorId: 9999, email: 'x@example.com', firstName: 'Xavier', lastName: 'Nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TutorDirectoryMessages.tutorNotFound);

    const tutorC = await createTutor('Dr Cy', 'UCAT', 'https://cal.example/cy');
    const taken = await invite({ tutorId: tutorC.id, email: 'SAM@example.com', firstName: 'Cy', lastName: 'Tutor' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: ErrorCodes.emailTaken, message: ServerMessages.emailTaken });

    const bad = await invite({ tutorId: tutorC.id, email: 'cy@example.com' });
    expect(bad.status).toBe(400);
  });
});

describe('the tutor portal', () => {
  it("shows each tutor only their own students, by the name tutoring's read model has from identity", async () => {
    // identity.student_name_changed.v1 reaches tutoring's read model a moment after the registration.
    const ofA = await eventually(
      async () => {
        const res = await request(server).get('/api/tutor/students').set('Cookie', cookies.tutorA);
        return res.body[0]?.studentName ? res : undefined;
      },
      10_000,
      "the student's name in tutoring",
    );
    expect(ofA.status).toBe(200);
    expect(ofA.body).toEqual([
      expect.objectContaining({ id: packageA, userId: studentId, tutorRole: 'primary', studentName: 'Sam Patel' }),
    ]);
    const ofB = await request(server).get('/api/tutor/students').set('Cookie', cookies.tutorB);
    expect(ofB.body.map((pkg: { id: number }) => pkg.id)).toEqual([packageB]);
  });

  it("deducts a logged session from the student's hours and prefills that week's timesheet", async () => {
    const logged = await request(server)
      .post(`/api/tutor/sessions/${packageA}/delivered`)
      .set('Cookie', cookies.tutorA)
      .send({ date: '2026-11-25', durationHours: 1.5, notes: 'Mock interview' });
    expect(logged.status).toBe(200);
    expect(PackageDtoSchema.parse(logged.body)).toMatchObject({ id: packageA, usedHours: 1.5, totalHours: 10 });

    const mine = await request(server).get('/api/user/sessions').set('Cookie', cookies.student);
    expect(
      z
        .array(PackageDtoSchema)
        .parse(mine.body)
        .find((pkg) => pkg.id === packageA)?.usedHours,
    ).toBe(1.5);

    const week = await eventually(
      async () => {
        const res = await request(server)
          .get('/api/tutor/payslips/week?weekStarting=2026-11-27')
          .set('Cookie', cookies.tutorA);
        // payroll names the student from its own read model of identity's events, like tutoring.
        return res.body.loggedHours === 1.5 && !res.body.loggedStudentNotes.startsWith('Student #')
          ? res.body
          : undefined;
      },
      10_000,
      "the logged hours and the student's name",
    );
    expect(week).toEqual({
      weekStarting: '2026-11-23',
      loggedHours: 1.5,
      loggedStudentNotes: 'Sam Patel (Medical School Interviews): 1.5 h',
      payslip: null,
    });
    const weekOfB = await request(server)
      .get('/api/tutor/payslips/week?weekStarting=2026-11-23')
      .set('Cookie', cookies.tutorB);
    expect(weekOfB.body.loggedHours).toBe(0);

    const badDuration = await request(server)
      .post(`/api/tutor/sessions/${packageA}/delivered`)
      .set('Cookie', cookies.tutorA)
      .send({ date: '2026-11-25', durationHours: 3 });
    expect(badDuration.status).toBe(400);
    expect(badDuration.body.message).toBe(TutorDirectoryMessages.durationInvalid);
  });

  it("keeps tutor B away from tutor A's students", async () => {
    for (const path of [`/api/tutor/sessions/${packageA}/delivered`, '/api/tutor/sessions/not-a-number/delivered']) {
      const res = await request(server)
        .post(path)
        .set('Cookie', cookies.tutorB)
        .send({ date: '2026-11-25', durationHours: 1 });
      expect(res.status).toBe(404);
    }
    const ofA = await request(server).get('/api/tutor/students').set('Cookie', cookies.tutorA);
    expect(ofA.body[0].usedHours).toBe(1.5);
  });

  it('answers 400 for a week that is missing or not a date', async () => {
    const missing = await request(server).get('/api/tutor/payslips/week').set('Cookie', cookies.tutorA);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Week starting date is required');
    const invalid = await request(server)
      .get('/api/tutor/payslips/week?weekStarting=2026-13-01')
      .set('Cookie', cookies.tutorA);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(PayrollMessages.weekStartingInvalid);
  });
});

describe('timesheets from draft to paid', () => {
  it('runs draft → submitted → approved → paid, keeps tutor B out, and lets the admin delete', async () => {
    const saved = await request(server)
      .post('/api/tutor/payslips')
      .set('Cookie', cookies.tutorA)
      .send({ weekStarting: '2026-11-23', hoursWorked: 1.5, studentNotes: 'Sam' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ tutorId: tutorA.id, tutorName: 'Ada Tutor', status: 'draft', hoursWorked: 1.5 });
    const id = saved.body.id as number;

    const tooMany = await request(server)
      .post('/api/tutor/payslips')
      .set('Cookie', cookies.tutorA)
      .send({ weekStarting: '2026-11-23', hoursWorked: 1000 });
    expect(tooMany.status).toBe(400);

    // Tutor B sees none of it and cannot submit it.
    expect((await request(server).get('/api/tutor/payslips').set('Cookie', cookies.tutorB)).body).toEqual([]);
    const foreign = await request(server).post(`/api/tutor/payslips/${id}/submit`).set('Cookie', cookies.tutorB);
    expect(foreign.status).toBe(404);
    const weekOfB = await request(server)
      .get('/api/tutor/payslips/week?weekStarting=2026-11-23')
      .set('Cookie', cookies.tutorB);
    expect(weekOfB.body.payslip).toBeNull();

    const early = await request(server).patch(`/api/admin/payslips/${id}/approve`).set('Cookie', cookies.admin);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.payslipStatusConflict,
      message: PayrollMessages.notSubmitted,
    });

    const submitted = await request(server).post(`/api/tutor/payslips/${id}/submit`).set('Cookie', cookies.tutorA);
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('submitted');
    expect((await request(server).post(`/api/tutor/payslips/${id}/submit`).set('Cookie', cookies.tutorA)).status).toBe(
      409,
    );

    const list = await request(server).get('/api/admin/payslips').set('Cookie', cookies.admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, status: 'submitted' })]);

    const unpaid = await request(server).patch(`/api/admin/payslips/${id}/mark-paid`).set('Cookie', cookies.admin);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe(PayrollMessages.notApproved);
    const approved = await request(server).patch(`/api/admin/payslips/${id}/approve`).set('Cookie', cookies.admin);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const paid = await request(server).patch(`/api/admin/payslips/${id}/mark-paid`).set('Cookie', cookies.admin);
    expect(paid.status).toBe(200);
    expect(
      paid.body.history.map((change: { toStatus: string; changedByRole: string }) => [
        change.toStatus,
        change.changedByRole,
      ]),
    ).toEqual([
      ['draft', 'tutor'],
      ['submitted', 'tutor'],
      ['approved', 'admin'],
      ['paid', 'admin'],
    ]);
    const mine = await request(server).get('/api/tutor/payslips').set('Cookie', cookies.tutorA);
    expect(mine.body).toEqual([expect.objectContaining({ id, status: 'paid' })]);

    expect((await request(server).patch('/api/admin/payslips/abc/approve').set('Cookie', cookies.admin)).status).toBe(
      404,
    );
    const deleted = await request(server).delete(`/api/admin/payslips/${id}`).set('Cookie', cookies.admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect((await request(server).delete(`/api/admin/payslips/${id}`).set('Cookie', cookies.admin)).status).toBe(404);
    expect((await request(server).get('/api/admin/payslips').set('Cookie', cookies.admin)).body).toEqual([]);
  });
});

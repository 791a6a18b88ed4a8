import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminUserWithPackagesDtoSchema,
  ErrorCodes,
  PayslipListSchema,
  TutorDeactivationMessages,
  type TutorDto,
  TutorDtoSchema,
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
 * Issue 24, point 3, replayed from outside: a tutor signed in (two live cookies, one used through a
 * second gateway replica) is deactivated by an admin. The moment the admin's call returns, every
 * tutor route refuses those cookies with the clear message, the password no longer signs in, the
 * admin's Students tab flags the packages for reassignment and the timesheets stay for payroll.
 * Reactivation restores the sign-in, not the old sessions. Real gateway, identity, tutoring and
 * payroll (their builds, as processes), one private NATS, fresh databases.
 */
let nats: TestNats;
let databases: { identity: TestDatabase; tutoring: TestDatabase; payroll: TestDatabase };
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
/** A second replica of the gateway: same Redis sessions, a validity cache of its own. */
let replica: GatewayUnderTest;
let server: Server;
let replicaServer: Server;
let mailDir: string;
let tutoringMailDir: string;
let ipCounter = 0;

const password = 'pass-word-1';
const tutorEmail = 'dismissed@example.com';
const cookies = { admin: '', student: '', tutor: '', tutorElsewhere: '' };
let studentId: number;
let tutor: TutorDto;
let packageId: number;
let payslipId: number;

const fromIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;
const login = (email: string) =>
  request(server).post('/api/login').set('X-Forwarded-For', fromIp()).send({ email, password });
const signedIn = async (email: string): Promise<string> => {
  const res = await login(email);
  expect(res.status).toBe(200);
  return sessionCookieFrom(res) as string;
};

/** Every route a tutor's session reaches, with a body each would accept. */
const tutorRoutes = () =>
  [
    ['get', '/api/tutor/students', undefined],
    ['post', `/api/tutor/sessions/${packageId}/delivered`, { date: '2026-11-26', durationHours: 1 }],
    ['get', '/api/tutor/payslips', undefined],
    ['get', '/api/tutor/payslips/week?weekStarting=2026-11-23', undefined],
    ['post', '/api/tutor/payslips', { weekStarting: '2026-11-30', hoursWorked: 2 }],
    ['post', `/api/tutor/payslips/${payslipId}/submit`, undefined],
    ['get', `/api/sessions/${packageId}/ledger`, undefined],
    ['get', '/api/user', undefined],
  ] as const;
const callAs = (target: Server, cookie: string, [method, path, body]: ReturnType<typeof tutorRoutes>[number]) => {
  const req = request(target)[method](path).set('Cookie', cookie);
  return body === undefined ? req : req.send(body);
};
const adminPackages = async () => {
  const res = await request(server).get('/api/admin/users').set('Cookie', cookies.admin);
  expect(res.status).toBe(200);
  const student = z
    .array(AdminUserWithPackagesDtoSchema)
    .parse(res.body)
    .find((user) => user.id === studentId);
  return student!.sessions.map((pkg) => ({ id: pkg.id, tutorDeactivated: pkg.tutorDeactivated }));
};
const usedHours = async () => {
  const res = await request(server).get('/api/user/sessions').set('Cookie', cookies.student);
  return (res.body as Array<{ id: number; usedHours: number }>).find((pkg) => pkg.id === packageId)?.usedHours;
};

beforeAll(async () => {
  nats = await startTestNats();
  databases = {
    identity: await serviceDatabase('identity', 'gw_deactivation_identity'),
    tutoring: await serviceDatabase('tutoring', 'gw_deactivation_tutoring'),
    payroll: await serviceDatabase('payroll', 'gw_deactivation_payroll'),
  };
  mailDir = await mkdtemp(join(tmpdir(), 'gw-deactivation-mail-'));
  tutoringMailDir = await mkdtemp(join(tmpdir(), 'gw-deactivation-tutoring-mail-'));
  const start = (service: 'identity' | 'tutoring' | 'payroll', env: Record<string, string>) =>
    startBuiltService(service, nats.url, env).then((started) => void services.push(started));
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
  replica = await startGatewayOn(nats.url, {
    env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000', REDIS_KEY_PREFIX: gateway.config.redisKeyPrefix },
  });
  server = gateway.app.getHttpServer();
  replicaServer = replica.app.getHttpServer();

  cookies.admin = await signedIn('admin@example.com');
  const registered = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', fromIp())
    .send({ username: 'sam', email: 'sam@example.com', password });
  expect(registered.status).toBe(201);
  studentId = registered.body.id as number;
  cookies.student = sessionCookieFrom(registered) as string;

  const created = await request(server)
    .post('/api/admin/tutors')
    .set('Cookie', cookies.admin)
    .send({ name: 'Dr Dee', specialty: 'Interviews', calendarLink: 'https://cal.example/dee' });
  expect(created.status).toBe(201);
  tutor = TutorDtoSchema.parse(created.body);
  // identity learns of the entry from tutoring's event before it may give it a login.
  await eventually(
    async () => {
      const invited = await request(server)
        .post('/api/admin/tutor-accounts')
        .set('Cookie', cookies.admin)
        .send({ tutorId: tutor.id, email: tutorEmail, firstName: 'Dee', lastName: 'Tutor' });
      return invited.status === 201 || undefined;
    },
    10_000,
    'the invitation',
  );
  const token = await eventually(
    async () => {
      for (const name of (await readdir(mailDir)).filter((file) => file.endsWith('.json'))) {
        const mail = JSON.parse(await readFile(join(mailDir, name), 'utf8')) as { to: string; text: string };
        if (mail.to === tutorEmail) return mail.text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
      }
      return undefined;
    },
    10_000,
    'the invitation email',
  );
  const reset = await request(server).post('/api/reset-password').send({ token, password, confirmPassword: password });
  expect(reset.status).toBe(200);
  cookies.tutor = await signedIn(tutorEmail);
  cookies.tutorElsewhere = await signedIn(tutorEmail);

  packageId = await insertPackage(databases.tutoring, studentId, 10);
  const assigned = await request(server)
    .patch(`/api/admin/sessions/${packageId}/assign-tutor`)
    .set('Cookie', cookies.admin)
    .send({ tutorName: tutor.name, calendarLink: tutor.calendarLink });
  expect(assigned.status).toBe(200);
  // tutoring and payroll have linked the login once the invitation's event went through.
  await eventually(
    async () => (await request(server).get('/api/tutor/students').set('Cookie', cookies.tutor)).body.length === 1,
    10_000,
    'tutoring to link the login',
  );
  const saved = await eventually(
    async () => {
      const res = await request(server)
        .post('/api/tutor/payslips')
        .set('Cookie', cookies.tutor)
        .send({ weekStarting: '2026-11-23', hoursWorked: 1, studentNotes: 'Sam' });
      return res.status === 200 ? res : undefined;
    },
    10_000,
    'payroll to record the login',
  );
  payslipId = saved.body.id as number;
  const logged = await request(server)
    .post(`/api/tutor/sessions/${packageId}/delivered`)
    .set('Cookie', cookies.tutor)
    .send({ date: '2026-11-25', durationHours: 1 });
  expect(logged.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await replica?.close();
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases ?? {}).map((db) => db.drop()));
  await Promise.all([mailDir, tutoringMailDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
}, 30_000);

describe('deactivating a tutor', () => {
  it('works for the tutor on both replicas beforehand (each replica has their sessions cached as valid)', async () => {
    const here = await request(server).get('/api/tutor/students').set('Cookie', cookies.tutor);
    expect(here.status).toBe(200);
    const there = await request(replicaServer).get('/api/tutor/students').set('Cookie', cookies.tutorElsewhere);
    expect(there.status).toBe(200);
    expect(await adminPackages()).toEqual([{ id: packageId, tutorDeactivated: false }]);
  });

  it('refuses every tutor route to the live cookies, on every replica, as soon as the admin is answered', async () => {
    const deactivated = await request(server).delete(`/api/admin/tutors/${tutor.id}`).set('Cookie', cookies.admin);
    expect(deactivated.status).toBe(200);
    expect(TutorDtoSchema.parse(deactivated.body)).toMatchObject({ id: tutor.id, active: false });

    // No waiting: not for the event, nor for the replica's validity cache.
    for (const [target, cookie] of [
      [server, cookies.tutor],
      [replicaServer, cookies.tutorElsewhere],
    ] as const) {
      for (const route of tutorRoutes()) {
        const res = await callAs(target, cookie, route);
        expect({ route: route[1], status: res.status, body: res.body }).toEqual({
          route: route[1],
          status: 401,
          body: { statusCode: 401, code: ErrorCodes.unauthenticated, message: TutorDeactivationMessages.deactivated },
        });
      }
    }
    // The refused delivered session spent none of the student's hours.
    expect(await usedHours()).toBe(1);
  });

  it('refuses sign-in with the tutor’s password, with the clear message', async () => {
    const res = await login(tutorEmail);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      code: ErrorCodes.tutorDeactivated,
      message: TutorDeactivationMessages.deactivated,
    });
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it("flags the tutor's packages for reassignment in the admin's Students list", async () => {
    expect(await adminPackages()).toEqual([{ id: packageId, tutorDeactivated: true }]);
  });

  it('keeps the tutor’s timesheets and hours for payroll', async () => {
    const res = await request(server).get('/api/admin/payslips').set('Cookie', cookies.admin);
    expect(res.status).toBe(200);
    expect(PayslipListSchema.parse(res.body).map((payslip) => [payslip.id, payslip.tutorId, payslip.status])).toEqual([
      [payslipId, tutor.id, 'draft'],
    ]);
    const ledger = await request(server).get(`/api/sessions/${packageId}/ledger`).set('Cookie', cookies.admin);
    expect(ledger.body.map((entry: { actorName: string }) => entry.actorName)).toEqual(['Dr Dee']);
  });

  it('lets an admin reactivate the tutor: sign-in works again, the old sessions stay ended', async () => {
    const reactivated = await request(server)
      .post(`/api/admin/tutors/${tutor.id}/reactivate`)
      .set('Cookie', cookies.admin);
    expect(reactivated.status).toBe(200);
    expect(TutorDtoSchema.parse(reactivated.body)).toMatchObject({ id: tutor.id, active: true });

    for (const [target, cookie] of [
      [server, cookies.tutor],
      [replicaServer, cookies.tutorElsewhere],
    ] as const) {
      expect((await request(target).get('/api/tutor/students').set('Cookie', cookie)).status).toBe(401);
    }
    // Signing in from the browser that still holds an ended session works too.
    const again = await request(server)
      .post('/api/login')
      .set('Cookie', cookies.tutor)
      .set('X-Forwarded-For', fromIp())
      .send({ email: tutorEmail, password });
    expect(again.status).toBe(200);
    const fresh = sessionCookieFrom(again) as string;
    const students = await request(server).get('/api/tutor/students').set('Cookie', fresh);
    expect(students.status).toBe(200);
    expect(students.body.map((pkg: { id: number }) => pkg.id)).toEqual([packageId]);
    expect(await adminPackages()).toEqual([{ id: packageId, tutorDeactivated: false }]);
  });

  it('answers 404 for an unknown tutor and is for admins only', async () => {
    const unknown = await request(server).post('/api/admin/tutors/99999/reactivate').set('Cookie', cookies.admin);
    expect(unknown.status).toBe(404);
    for (const [cookie, status] of [
      ['', 401],
      [cookies.student, 403],
    ] as const) {
      const res = await request(server).post(`/api/admin/tutors/${tutor.id}/reactivate`).set('Cookie', cookie);
      expect(res.status).toBe(status);
    }
  });
});

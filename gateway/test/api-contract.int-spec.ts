import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, Fixtures, ServerMessages, ServiceNames, type ServiceName } from '@medtutor/contracts';
import {
  eventually,
  type ServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { buildOpenApiDocument } from '../src/http/openapi.js';
import { type CapturedGateway, startCapturedGateway } from './support/captured-gateway.js';
import { insertPackage, serviceDatabase, startBuiltService } from './support/real-services.js';
import { arbitraryFor, type JsonSchema } from './support/schema-arbitraries.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The HTTP contract against the real gateway and all five services (their builds, on fresh
 * databases): bodies generated from each route's OpenAPI schema, plus junk, never get a 5xx from any
 * caller; the document's bounds, formats and defaults are what the server enforces; NUL and line
 * breaks are refused naming the field; a 400 lists every invalid field; guards come before the
 * body; 405, 415, no-store; and what production does not publish.
 */
let nats: TestNats;
let databases: Partial<Record<ServiceName, TestDatabase>> = {};
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;
let mailDir: string;
let ip = 0;

type Role = 'visitor' | 'student' | 'tutor' | 'admin';
const cookies: Record<Role, string> = { visitor: '', student: '', tutor: '', admin: '' };
const password = 'pass-word-1';
let packageId = 0;

const fromIp = () => `10.${Math.floor(ip / 65_025) % 250}.${Math.floor(ip / 255) % 255}.${(ip++ % 255) + 1}`;

interface BodyRoute {
  method: 'post' | 'patch' | 'put';
  /** The document's path, `{id}` and all. */
  path: string;
  schema: JsonSchema;
}

let document: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
};
let routes: BodyRoute[] = [];
const resolve = (ref: string): JsonSchema => document.components.schemas[ref.split('/').pop() ?? ''] ?? {};
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, String(packageId));

const send = (route: BodyRoute, role: Role, body: unknown): Promise<Response> => {
  const req = request(server)[route.method](urlOf(route.path)).set('X-Forwarded-For', fromIp());
  if (cookies[role]) req.set('Cookie', cookies[role]);
  return req.set('Content-Type', 'application/json').send(JSON.stringify(body));
};

/** Who may call a route: the first of these roles not turned away by its guards. */
const callerOf = async (route: BodyRoute): Promise<Role> => {
  for (const role of ['visitor', 'student', 'tutor', 'admin'] as const) {
    const res = await send(route, role, {});
    if (res.status !== 401 && res.status !== 403) return role;
  }
  throw new Error(`nobody may call ${route.method} ${route.path}`);
};

async function login(email: string): Promise<string> {
  const res = await request(server).post('/api/login').set('X-Forwarded-For', fromIp()).send({ email, password });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res) as string;
}

beforeAll(async () => {
  nats = await startTestNats();
  mailDir = await mkdtemp(join(tmpdir(), 'gw-contract-mail-'));
  const label = (service: ServiceName) => `gw_contract_${service.replace('-', '_')}`;
  const dbs = await Promise.all(ServiceNames.map((service) => serviceDatabase(service, label(service))));
  databases = Object.fromEntries(ServiceNames.map((service, i) => [service, dbs[i]]));
  const mail = { MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>', MAIL_OUTBOX_DIR: mailDir };
  const env: Record<ServiceName, Record<string, string>> = {
    identity: {
      ...mail,
      IDENTITY_DATABASE_URL: databases.identity!.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SEED_ADMIN_EMAIL: 'admin@example.com',
      SEED_ADMIN_PASSWORD: password,
    },
    tutoring: { ...mail, TUTORING_DATABASE_URL: databases.tutoring!.url, SUPPORT_EMAIL: 'team@medpath.test' },
    'catalog-payments': {
      ...mail,
      PAYMENTS_DATABASE_URL: databases['catalog-payments']!.url,
      PAYMENTS_PROVIDER: 'demo',
    },
    reviews: { ...mail, REVIEWS_DATABASE_URL: databases.reviews!.url },
    payroll: { PAYROLL_DATABASE_URL: databases.payroll!.url },
  };
  services = await Promise.all(ServiceNames.map((service) => startBuiltService(service, nats.url, env[service])));
  // Limits per caller would turn the generated requests into 429s before their bodies are read.
  gateway = await startGatewayOn(nats.url, {
    env: {
      TRUST_PROXY: 'true',
      RPC_TIMEOUT_MS: '5000',
      RATE_LIMIT_PAYMENT_INTENTS_SESSION: '100000/1h',
      RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION: '100000/1h',
    },
  });
  server = gateway.app.getHttpServer();

  // A student with a package, a tutor assigned to it, and the seeded admin.
  cookies.admin = await login('admin@example.com');
  const registered = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', fromIp())
    .send({ username: 'sam', email: 'sam@example.com', password, dateOfBirth: Fixtures.adultDateOfBirth });
  expect(registered.status).toBe(201);
  cookies.student = sessionCookieFrom(registered) as string;
  packageId = await insertPackage(databases.tutoring!, registered.body.id as number, 10);
  const tutor = await request(server)
    .post('/api/admin/tutors')
    .set('Cookie', cookies.admin)
    .send({ name: 'Dr Ada', specialty: 'Interviews', calendarLink: 'https://cal.example/ada' });
  expect(tutor.status).toBe(201);
  const invited = await request(server)
    .post('/api/admin/tutor-accounts')
    .set('Cookie', cookies.admin)
    .send({ tutorId: tutor.body.id, email: 'ada@example.com', firstName: 'Ada', lastName: 'Tutor' });
  expect(invited.status).toBe(201);
  const token = await eventually(
    async () => {
      for (const name of (await readdir(mailDir)).filter((file) => file.endsWith('.json'))) {
        const mail = JSON.parse(await readFile(join(mailDir, name), 'utf8')) as { to: string; text: string };
        if (mail.to === 'ada@example.com') return /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
      }
      return undefined;
    },
    15_000,
    'the invitation',
  );
  expect(
    (await request(server).post('/api/reset-password').send({ token, password, confirmPassword: password })).status,
  ).toBe(200);
  cookies.tutor = await login('ada@example.com');
  await request(server)
    .patch(`/api/admin/sessions/${packageId}/assign-tutor`)
    .set('Cookie', cookies.admin)
    .send({ tutorName: 'Dr Ada', calendarLink: 'https://cal.example/ada' });

  document = buildOpenApiDocument(gateway.app, gateway.config) as unknown as typeof document;
  routes = Object.entries(document.paths).flatMap(([path, item]) =>
    (['post', 'patch', 'put'] as const).flatMap((method) => {
      const schema = item[method]?.requestBody?.content['application/json']?.schema;
      return schema ? [{ method, path, schema: schema.$ref ? resolve(schema.$ref) : schema }] : [];
    }),
  );
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases).map((db) => db?.drop()));
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
}, 30_000);

describe('bodies generated from every route schema', () => {
  it('documents a body for each body-taking route', () => {
    const documented = routes.map((route) => `${route.method} ${route.path}`);
    expect(documented).toEqual(
      expect.arrayContaining([
        'post /api/register',
        'post /api/testimonials',
        'post /api/consultations',
        'post /api/check-free-trial',
        'post /api/create-payment-intent',
        'patch /api/admin/sessions/{id}/assign-tutor',
        'post /api/admin/create-discount-code',
        'post /api/admin/payments/{paymentId}/refund',
        'post /api/tutor/payslips',
      ]),
    );
  });

  it('never get a 5xx, whoever sends them', async () => {
    const started = Date.now();
    const failures: string[] = [];
    for (const route of routes) {
      const body = fc.oneof(
        { weight: 5, arbitrary: arbitraryFor(route.schema, resolve) },
        { weight: 1, arbitrary: fc.anything() },
      );
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom<Role>('visitor', 'student', 'admin', 'tutor'),
          async (generated, role) => {
            const res = await send(route, role, generated);
            if (res.status >= 500)
              failures.push(
                `${route.method} ${route.path} as ${role}: ${res.status} ${JSON.stringify(generated).slice(0, 300)}`,
              );
            return res.status < 500;
          },
        ),
        { numRuns: 40, seed: 20261125, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 120_000);
});

describe('the document states what the server enforces', () => {
  /** A body's field refused by validation: a 400 whose errors name it. */
  const refuses = (res: Response, field: string) =>
    res.status === 400 &&
    (res.body.errors as { field: string }[] | undefined)?.some((error) => error.field === field) === true;

  it('length bounds, numeric bounds, enumerations, formats and required fields, at their edges', async () => {
    const mismatches: string[] = [];
    const check = async (
      route: BodyRoute,
      role: Role,
      field: string,
      value: unknown,
      refused: boolean,
      what: string,
    ) => {
      const body = value === undefined ? {} : { [field]: value };
      const res = await send(route, role, body);
      if (refuses(res, field) !== refused) {
        mismatches.push(
          `${route.method} ${route.path} ${field} ${what}: expected ${refused ? 'refusal' : 'acceptance'}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
      }
    };
    let checked = 0;
    for (const route of routes) {
      const role = await callerOf(route);
      for (const [field, schema] of Object.entries(route.schema.properties ?? {})) {
        const plainText =
          schema.type === 'string' &&
          !schema.format &&
          !(schema.allOf ?? []).length &&
          !schema.enum &&
          (!schema.pattern || schema.pattern.startsWith('^[^'));
        if (plainText && schema.maxLength !== undefined) {
          await check(route, role, field, 'a'.repeat(schema.maxLength), false, `of maxLength ${schema.maxLength}`);
          await check(route, role, field, 'a'.repeat(schema.maxLength + 1), true, `over maxLength ${schema.maxLength}`);
          checked += 2;
        }
        if (plainText && schema.minLength) {
          await check(route, role, field, 'a'.repeat(schema.minLength), false, `of minLength ${schema.minLength}`);
          await check(
            route,
            role,
            field,
            'a'.repeat(schema.minLength - 1),
            true,
            `under minLength ${schema.minLength}`,
          );
          checked += 2;
        }
        if (schema.type === 'string' && schema.pattern?.startsWith('^[^')) {
          await check(route, role, field, 'a\u0000b', true, 'with NUL');
          checked += 1;
        }
        if ((schema.type === 'integer' || schema.type === 'number') && schema.minimum !== undefined) {
          const exclusive = schema.exclusiveMinimum === true;
          await check(
            route,
            role,
            field,
            exclusive ? schema.minimum + 1 : schema.minimum,
            false,
            `at minimum ${schema.minimum}`,
          );
          await check(
            route,
            role,
            field,
            exclusive ? schema.minimum : schema.minimum - 1,
            true,
            `under minimum ${schema.minimum}`,
          );
          checked += 2;
        }
        if (
          (schema.type === 'integer' || schema.type === 'number') &&
          schema.maximum !== undefined &&
          schema.maximum < 1e9
        ) {
          await check(route, role, field, schema.maximum, false, `at maximum ${schema.maximum}`);
          await check(route, role, field, schema.maximum + 1, true, `over maximum ${schema.maximum}`);
          checked += 2;
        }
        if (schema.type === 'number' && schema.multipleOf) {
          const from = schema.minimum ?? 0;
          const step = schema.multipleOf;
          await check(route, role, field, Number((from + 3 * step).toFixed(6)), false, `a multiple of ${step}`);
          await check(route, role, field, from + step / 2, true, `between multiples of ${step}`);
          checked += 2;
        }
        if (schema.type === 'integer') {
          await check(route, role, field, (schema.minimum ?? 0) + 1.5, true, 'not an integer');
          checked += 1;
        }
        if (schema.enum) {
          await check(route, role, field, schema.enum[0], false, 'in its enumeration');
          await check(route, role, field, 'not-one-of-them', true, 'outside its enumeration');
          checked += 2;
        }
        if (schema.format === 'email') {
          await check(route, role, field, 'someone@example.com', false, 'a valid email');
          await check(route, role, field, 'not-an-email', true, 'an invalid email');
          checked += 2;
        }
        if (schema.format === 'uri') {
          await check(route, role, field, 'https://cal.example/ada', false, 'a valid uri');
          await check(route, role, field, 'not a link', true, 'an invalid uri');
          checked += 2;
        }
        const required = (route.schema.required ?? []).includes(field);
        await check(route, role, field, undefined, required, required ? 'missing (required)' : 'missing (optional)');
        checked += 1;
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 120_000);

  it('documents 400, 413 and 415 on every body route, and errors in the error body', () => {
    for (const route of routes) {
      const responses = (document.paths[route.path]![route.method] as unknown as { responses: Record<string, unknown> })
        .responses;
      expect({
        route: `${route.method} ${route.path}`,
        statuses: ['400', '413', '415'].filter((s) => s in responses),
      }).toEqual({
        route: `${route.method} ${route.path}`,
        statuses: ['400', '413', '415'],
      });
    }
    expect(document.components.schemas.ApiErrorBody?.properties).toHaveProperty('errors');
  });
});

describe('text fields', () => {
  const nul = 'Sa\u0000m';
  it.each([
    ['post', '/api/register', 'visitor', { username: nul, email: 'nul@example.com', password }, 'username', 'Username'],
    [
      'post',
      '/api/testimonials',
      'visitor',
      { name: nul, title: 'Great', content: 'Story', email: 'n@example.com' },
      'name',
      'Name',
    ],
    [
      'post',
      '/api/consultations',
      'visitor',
      { firstName: 'Sam', lastName: 'Lee', phone: '0123456789', subjectInterest: 'UCAT', additionalInfo: `a${nul}` },
      'additionalInfo',
      'Additional information',
    ],
    [
      'post',
      '/api/check-free-trial',
      'visitor',
      { email: `x${nul}@example.com`, phone: '0123456789' },
      'email',
      'Email',
    ],
    [
      'post',
      '/api/create-payment-intent',
      'student',
      { subject: 'Medical School Interviews', discountCode: nul },
      'discountCode',
      'Discount code',
    ],
    [
      'patch',
      '/api/admin/sessions/{id}/assign-tutor',
      'admin',
      { tutorName: nul, calendarLink: 'https://cal.example/a' },
      'tutorName',
      'Tutor',
    ],
    ['post', '/api/admin/payments/{paymentId}/refund', 'admin', { reason: `Refund${nul}` }, 'reason', 'Reason'],
  ] as const)('%s %s: a NUL is a 400 naming the field', async (method, path, role, body, field, label) => {
    const res = await send({ method, path, schema: {} }, role, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${label} must not contain control characters`);
    expect(res.body.errors).toContainEqual({ field, message: `${label} must not contain control characters` });
  });

  it('refuses CR and LF in names, keeps line breaks in messages', async () => {
    const route: BodyRoute = { method: 'post', path: '/api/consultations', schema: {} };
    const header = await send(route, 'visitor', {
      firstName: 'Sam\r\nBcc: all@example.com',
      lastName: 'Lee',
      phone: '0123456789',
      subjectInterest: 'UCAT',
    });
    expect(header.status).toBe(400);
    expect(header.body.errors).toEqual([
      { field: 'firstName', message: 'First name must not contain control characters' },
    ]);
    const multiLine = await send(route, 'visitor', {
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '0123456789',
      subjectInterest: 'UCAT',
      additionalInfo: 'Line one\nLine two\twith a tab',
    });
    expect(multiLine.status).toBe(201);
  });

  it('a 400 lists every invalid field, the first one as message', async () => {
    const res = await send({ method: 'post', path: '/api/register', schema: {} }, 'visitor', {
      username: '',
      email: 'nope',
      password: '1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message: 'Username is required',
      errors: [
        { field: 'username', message: 'Username is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password must be at least 6 characters' },
      ],
    });
  });
});

describe('guards before bodies', () => {
  const discount: BodyRoute = { method: 'post', path: '/api/admin/create-discount-code', schema: {} };
  const assign: BodyRoute = { method: 'patch', path: '/api/admin/sessions/{id}/assign-tutor', schema: {} };

  it.each([
    [
      'an invalid body',
      (req: request.Test) => req.set('Content-Type', 'application/json').send('{"discountPrice": 0}'),
    ],
    ['malformed JSON', (req: request.Test) => req.set('Content-Type', 'application/json').send('{"discountPrice": ')],
    ['a body that is not JSON', (req: request.Test) => req.set('Content-Type', 'text/plain').send('discountPrice=0')],
    [
      'a body over the limit',
      (req: request.Test) =>
        req.set('Content-Type', 'application/json').send(JSON.stringify({ x: 'x'.repeat(200 * 1024) })),
    ],
  ])('a student sending %s to an admin route gets 403, a visitor 401', async (_what, withBody) => {
    for (const [role, status] of [
      ['student', 403],
      ['tutor', 403],
      ['visitor', 401],
    ] as const) {
      const req = request(server).post(discount.path);
      if (cookies[role]) req.set('Cookie', cookies[role]);
      expect((await withBody(req)).status).toBe(status);
    }
  });

  it('an admin gets the validation answer', async () => {
    const res = await send(assign, 'admin', { tutorName: '', calendarLink: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['tutorName', 'calendarLink']);
    const malformed = await request(server)
      .post(discount.path)
      .set('Cookie', cookies.admin)
      .set('Content-Type', 'application/json')
      .send('{"x":');
    expect(malformed.status).toBe(400);
    const plain = await request(server)
      .post(discount.path)
      .set('Cookie', cookies.admin)
      .set('Content-Type', 'text/plain')
      .send('x');
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({
      statusCode: 415,
      code: ErrorCodes.unsupportedMediaType,
      message: ServerMessages.unsupportedMediaType,
    });
  });
});

describe('methods and caching', () => {
  it.each([
    ['delete', '/api/user', 'GET, HEAD, OPTIONS'],
    ['put', '/api/login', 'POST, OPTIONS'],
    ['get', '/api/register', 'POST, OPTIONS'],
    ['post', `/api/sessions/7/ledger`, 'GET, HEAD, OPTIONS'],
    ['delete', '/api/admin/tutor-accounts', 'POST, OPTIONS'],
  ] as const)('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(server)[method](path).set('Cookie', cookies.student);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toEqual({
      statusCode: 405,
      code: ErrorCodes.methodNotAllowed,
      message: ServerMessages.methodNotAllowed,
    });
  });

  it('answers OPTIONS on a known path with Allow, and an unknown path with 404', async () => {
    const options = await request(server).options('/api/testimonials');
    expect(options.status).toBe(204);
    expect(options.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect((await request(server).delete('/api/nope')).status).toBe(404);
  });

  it.each([
    ['student', '/api/user', 200],
    ['student', '/api/user/sessions', 200],
    ['admin', '/api/admin/users', 200],
    ['visitor', '/api/user', 401],
  ] as const)('%s GET %s (%i) carries Cache-Control: no-store', async (role, path, status) => {
    const req = request(server).get(path);
    if (cookies[role]) req.set('Cookie', cookies[role]);
    const res = await req;
    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // The same for everyone, held in memory and announced by events (issue 27): a CDN may keep them briefly.
  it.each(['/api/catalog', '/api/tutors', '/api/testimonials'])(
    'GET %s, the same for everyone, may be held by a shared cache for 15 s and is revalidated by browsers',
    async (path) => {
      const res = await request(server).get(path).set('Cookie', cookies.student);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=15');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );
});

describe('in production', () => {
  let production: CapturedGateway;
  beforeAll(async () => {
    production = await startCapturedGateway(nats.url, { LOG_LEVEL: 'silent' }, (config) => ({
      ...config,
      production: true,
    }));
  });
  afterAll(async () => {
    await production?.close();
  });

  it('serves neither the OpenAPI document nor its UI', async () => {
    for (const path of ['/api/docs', '/api/docs/openapi.json']) {
      expect((await request(production.app.getHttpServer()).get(path)).status).toBe(404);
    }
  });

  it('says only whether it is ready, not which dependency is not', async () => {
    const res = await request(production.app.getHttpServer()).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

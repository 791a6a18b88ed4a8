import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminPaymentDetailSchema,
  AdminPaymentsPageSchema,
  AdminPaymentsQuerySchema,
  ErrorCodes,
  PaymentConflictsDtoSchema,
  RefundBodySchema,
  RevenueByWeekDtoSchema,
  RefundMessages,
  type Role,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { jsonSchemaOf } from '../src/http/openapi.js';
import { sql } from '@medtutor/nest-kit/testing';
import {
  paidPayment,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';

/**
 * The admin payments list, a payment's detail and refunds (issue 16) through the gateway to the real
 * catalog-payments (demo provider, whose refunds are applied at once): the gateway's part is the
 * role, the shapes, the id and the error mapping; the refunds are the service's, read back from its
 * database. Stripe's refusals and disputes are in payments.int-spec, where the service runs on Stripe.
 */
const AdminSubjects = [
  Subjects.catalogPayments.listPayments,
  Subjects.catalogPayments.getAdminPayment,
  Subjects.catalogPayments.refundPayment,
  Subjects.catalogPayments.listPaymentConflicts,
];

let platform: RealPlatform;
let server: Server;

beforeAll(async () => {
  platform = await startRealPlatform({ label: 'admin_payments', services: ['catalog-payments'], watch: AdminSubjects });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

async function signedIn(role: Role): Promise<{ cookie: string; userId: number }> {
  const { cookie, user } = await platform.signIn(role);
  return { cookie, userId: user.id };
}

const asked = (subject: string) => platform.requests.count(subject);
const askedAdminSubjects = async () =>
  (await asked(Subjects.catalogPayments.listPayments)) +
  (await asked(Subjects.catalogPayments.getAdminPayment)) +
  (await asked(Subjects.catalogPayments.refundPayment));
const lastSent = (subject: string) => platform.requests.last(subject);
/** The refunds catalog-payments recorded for the payment, oldest first. */
const storedRefunds = (paymentId: string) =>
  sql<{ amount_minor: number; status: string; reason: string; requested_by: number }>(
    platform.databases['catalog-payments']!,
    'SELECT amount_minor, status, reason, requested_by FROM refunds WHERE payment_id = $1 ORDER BY created_at',
    [paymentId],
  );
const today = () => new Date().toISOString().slice(0, 10);

const list = (cookie: string | undefined, query = '') => {
  const call = request(server).get(`/api/admin/payments${query}`);
  return cookie ? call.set('Cookie', cookie) : call;
};
const detail = (cookie: string | undefined, paymentId: string) => {
  const call = request(server).get(`/api/admin/payments/${paymentId}`);
  return cookie ? call.set('Cookie', cookie) : call;
};
const refund = (cookie: string | undefined, paymentId: string, body: unknown) => {
  const call = request(server).post(`/api/admin/payments/${paymentId}/refund`);
  return (cookie ? call.set('Cookie', cookie) : call).send(body as object);
};

/** The 400 the platform answers: the first problem as the message, every invalid field listed. */
const validationFailure = (field: string, message: string) => ({
  statusCode: 400,
  code: ErrorCodes.validationFailed,
  message,
  errors: [{ field, message }],
});

describe('admin only', () => {
  it('answers 401 to a visitor and 403 to a student or a tutor on every route, without asking the service', async () => {
    const { paymentId } = await paidPayment(platform);
    const before = await askedAdminSubjects();
    const calls = (cookie: string | undefined) => [
      list(cookie),
      detail(cookie, paymentId),
      refund(cookie, paymentId, { reason: 'Course cancelled' }),
    ];

    for (const res of await Promise.all(calls(undefined))) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ErrorCodes.unauthenticated);
    }
    for (const role of ['student', 'tutor'] as const) {
      for (const res of await Promise.all(calls((await signedIn(role)).cookie))) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(ErrorCodes.forbidden);
      }
    }
    expect(await askedAdminSubjects()).toBe(before);
  });

  it('refuses a guarded route before reading a bad body: 403 for a student, 401 for a visitor', async () => {
    const { paymentId } = await paidPayment(platform);

    expect((await refund((await signedIn('student')).cookie, paymentId, { amount: 'abc' })).status).toBe(403);
    expect((await refund(undefined, 'not-a-uuid', {})).status).toBe(401);
  });
});

describe('GET /api/admin/payments', () => {
  it('asks catalog-payments as the admin, with the defaults, and answers the contract page', async () => {
    const { cookie, userId } = await signedIn('admin');
    const { paymentId } = await paidPayment(platform);

    const res = await list(cookie);

    expect(res.status).toBe(200);
    const page = AdminPaymentsPageSchema.parse(res.body);
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.find((item) => item.paymentId === paymentId)).toMatchObject({
      amount: 19_000,
      status: 'succeeded',
      provider: 'demo',
    });
    expect(page.items[0]).not.toHaveProperty('refunds');
    const sent = await lastSent(Subjects.catalogPayments.listPayments);
    expect(sent?.data).toEqual({ page: 1, pageSize: 20 });
    expect(sent?.meta.actor).toEqual({ userId, role: 'admin' });
  });

  it('forwards the search and filters, coerced and trimmed; cleared filters and unknown parameters are dropped', async () => {
    const { cookie } = await signedIn('admin');
    const refunded = await paidPayment(platform, { currency: 'EUR' });
    expect((await refund(cookie, refunded.paymentId, { amount: 100, reason: 'Goodwill' })).status).toBe(200);

    const res = await list(
      cookie,
      `?q=${encodeURIComponent(`  ${refunded.email} `)}&status=partially_refunded&currency=EUR` +
        `&from=${today()}&to=${today()}&page=1&pageSize=50&sort=amount`,
    );

    expect(res.status).toBe(200);
    expect((await lastSent(Subjects.catalogPayments.listPayments))?.data).toEqual({
      q: refunded.email,
      status: 'partially_refunded',
      currency: 'EUR',
      from: today(),
      to: today(),
      page: 1,
      pageSize: 50,
    });
    expect(res.body.items.map((item: { paymentId: string }) => item.paymentId)).toEqual([refunded.paymentId]);
    expect(res.body.pageSize).toBe(50);

    const cleared = await list(cookie, '?q=&status=&currency=&from=&to=&page=2');
    expect(cleared.status).toBe(200);
    expect((await lastSent(Subjects.catalogPayments.listPayments))?.data).toEqual({ page: 2, pageSize: 20 });
  });

  it('answers 400 in the platform shape for bad filters, without asking the service', async () => {
    const { cookie } = await signedIn('admin');
    const before = await asked(Subjects.catalogPayments.listPayments);
    const ruleFor = (query: Record<string, unknown>) =>
      AdminPaymentsQuerySchema.safeParse(query).error?.issues[0]?.message as string;

    const badStatus = await list(cookie, '?status=bogus');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toEqual(validationFailure('status', ruleFor({ status: 'bogus' })));

    const backwards = await list(cookie, '?from=2026-02-01&to=2026-01-31');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual(validationFailure('to', RefundMessages.dateRangeInvalid));

    for (const [query, field] of [
      ['?currency=SEK', 'currency'],
      ['?status=refunded&status=failed', 'status'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=many', 'pageSize'],
      [`?q=${'a'.repeat(201)}`, 'q'],
      ['?q=a%00b', 'q'],
    ] as const) {
      const res = await list(cookie, query);
      expect({ query, status: res.status, code: res.body.code, fields: res.body.errors }).toEqual({
        query,
        status: 400,
        code: ErrorCodes.validationFailed,
        fields: [{ field, message: expect.any(String) }],
      });
    }
    expect(await asked(Subjects.catalogPayments.listPayments)).toBe(before);
  });
});

describe('GET /api/admin/payments/:paymentId', () => {
  it("answers the payment's detail from catalog-payments, asked as the admin", async () => {
    const { cookie, userId } = await signedIn('admin');
    const payment = await paidPayment(platform);

    const res = await detail(cookie, payment.paymentId);

    expect(res.status).toBe(200);
    expect(AdminPaymentDetailSchema.parse(res.body)).toMatchObject({
      paymentId: payment.paymentId,
      userId: payment.userId,
      studentEmail: payment.email,
      subject: 'Medical School Interviews',
      packageType: 'package5',
      hours: 5,
      currency: 'GBP',
      amount: 19_000,
      formattedAmount: '£190.00',
      status: 'succeeded',
      refundableAmount: 19_000,
      provider: 'demo',
      refunds: [],
      disputes: [],
    });
    const sent = await lastSent(Subjects.catalogPayments.getAdminPayment);
    expect(sent?.data).toEqual({ paymentId: payment.paymentId });
    expect(sent?.meta.actor).toEqual({ userId, role: 'admin' });
  });

  it("answers 404 'Payment not found' for a malformed id without asking, and passes the service's 404", async () => {
    const { cookie } = await signedIn('admin');
    const before = await asked(Subjects.catalogPayments.getAdminPayment);
    const notFound = { statusCode: 404, code: ErrorCodes.notFound, message: RefundMessages.paymentNotFound };

    for (const id of ['not-a-uuid', '12', `${crypto.randomUUID()}x`]) {
      const res = await detail(cookie, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect(await asked(Subjects.catalogPayments.getAdminPayment)).toBe(before);

    const unknown = await detail(cookie, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);
    expect(await asked(Subjects.catalogPayments.getAdminPayment)).toBe(before + 1);
  });

  it('leaves /api/admin/payments/conflicts to the conflicts route', async () => {
    const { cookie, userId } = await signedIn('admin');
    const before = await asked(Subjects.catalogPayments.getAdminPayment);

    const res = await detail(cookie, 'conflicts');

    expect(res.status).toBe(200);
    expect(PaymentConflictsDtoSchema.parse(res.body)).toEqual({ total: 0, conflicts: [] });
    expect((await lastSent(Subjects.catalogPayments.listPaymentConflicts))?.meta.actor).toEqual({
      userId,
      role: 'admin',
    });
    expect(await asked(Subjects.catalogPayments.getAdminPayment)).toBe(before);
  });
});

describe('POST /api/admin/payments/:paymentId/refund', () => {
  it('forwards the payment id, the amount and the trimmed reason with the admin, and answers 200 with the payment', async () => {
    const { cookie, userId } = await signedIn('admin');
    const payment = await paidPayment(platform);

    const res = await refund(cookie, payment.paymentId, {
      amount: 7_600,
      reason: '  Course cancelled\nby the school ',
    });

    expect(res.status).toBe(200);
    const refunded = AdminPaymentDetailSchema.parse(res.body);
    expect(refunded).toMatchObject({ status: 'partially_refunded', refundedAmount: 7_600, refundableAmount: 11_400 });
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ amount: 7_600, reason: 'Course cancelled\nby the school', requestedBy: userId }),
    ]);
    const sent = await lastSent(Subjects.catalogPayments.refundPayment);
    expect(sent?.data).toEqual({
      paymentId: payment.paymentId,
      amount: 7_600,
      reason: 'Course cancelled\nby the school',
    });
    expect(sent?.meta.actor).toEqual({ userId, role: 'admin' });
    expect(await storedRefunds(payment.paymentId)).toEqual([
      { amount_minor: 7_600, status: 'succeeded', reason: 'Course cancelled\nby the school', requested_by: userId },
    ]);
  });

  it('sends no amount when none (or null) is given, so the service refunds what is left; a number as such', async () => {
    const { cookie } = await signedIn('admin');
    const whole = await paidPayment(platform);
    const part = await paidPayment(platform);

    const res = await refund(cookie, whole.paymentId, { reason: 'Duplicate purchase', amount: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refunded', refundedAmount: 19_000, refundableAmount: 0 });
    expect((await lastSent(Subjects.catalogPayments.refundPayment))?.data).toEqual({
      paymentId: whole.paymentId,
      reason: 'Duplicate purchase',
    });

    expect((await refund(cookie, part.paymentId, { amount: 100, reason: 'Goodwill' })).status).toBe(200);
    expect((await lastSent(Subjects.catalogPayments.refundPayment))?.data).toMatchObject({ amount: 100 });
    expect((await storedRefunds(whole.paymentId)).map((row) => row.amount_minor)).toEqual([19_000]);
    expect((await storedRefunds(part.paymentId)).map((row) => row.amount_minor)).toEqual([100]);
  });

  it("answers 400 with the contract's messages for a missing reason or a bad amount, without asking", async () => {
    const { cookie } = await signedIn('admin');
    const { paymentId } = await paidPayment(platform);
    const before = await asked(Subjects.catalogPayments.refundPayment);

    for (const body of [{}, { reason: '' }, { reason: '   ' }, { amount: 100 }, { reason: null }]) {
      const res = await refund(cookie, paymentId, body);
      expect({ body, status: res.status, answer: res.body }).toEqual({
        body,
        status: 400,
        answer: validationFailure('reason', RefundMessages.reasonRequired),
      });
    }
    // Issue 24: no coercion, so `true` no longer refunds one penny and text is not read as a number.
    for (const amount of [true, '100', '', 1.5, 0, -1, -5, 'abc', '12.50']) {
      const res = await refund(cookie, paymentId, { amount, reason: 'Course cancelled' });
      expect({ amount, status: res.status, answer: res.body }).toEqual({
        amount,
        status: 400,
        answer: validationFailure('amount', RefundMessages.amountInvalid),
      });
    }
    const both = await refund(cookie, paymentId, { amount: 0 });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(RefundMessages.amountInvalid);
    expect(both.body.errors.map((error: { field: string }) => error.field)).toEqual(['amount', 'reason']);
    const tooLong = await refund(cookie, paymentId, { reason: 'a'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'reason', message: expect.any(String) }]);
    expect(await asked(Subjects.catalogPayments.refundPayment)).toBe(before);
    expect(await storedRefunds(paymentId)).toEqual([]);
  });

  it("answers 404 'Payment not found' for a malformed id with a valid body, and 400 for a bad body whatever the id", async () => {
    const { cookie } = await signedIn('admin');
    const before = await asked(Subjects.catalogPayments.refundPayment);

    const malformed = await refund(cookie, 'not-a-uuid', { reason: 'Course cancelled' });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({
      statusCode: 404,
      code: ErrorCodes.notFound,
      message: RefundMessages.paymentNotFound,
    });
    expect((await refund(cookie, 'not-a-uuid', {})).body).toEqual(
      validationFailure('reason', RefundMessages.reasonRequired),
    );
    expect(await asked(Subjects.catalogPayments.refundPayment)).toBe(before);

    const unknown = await refund(cookie, crypto.randomUUID(), { reason: 'Course cancelled' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(RefundMessages.paymentNotFound);
  });

  it("maps the service's refusals: too much 400, not refundable or nothing left 409, each with its message", async () => {
    const { cookie } = await signedIn('admin');
    const payment = await paidPayment(platform);

    const tooLarge = await refund(cookie, payment.paymentId, { amount: 19_001, reason: 'Course cancelled' });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message: RefundMessages.tooLarge('£190.00'),
    });

    // A checkout never paid has nothing to give back.
    const buyer = await platform.signIn('student');
    const unpaid = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' });
    const notRefundable = await refund(cookie, unpaid.body.paymentId, { reason: 'Course cancelled' });
    expect(notRefundable.status).toBe(409);
    expect(notRefundable.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.refundNotAllowed,
      message: RefundMessages.notRefundable,
    });

    const all = await refund(cookie, payment.paymentId, { reason: 'Course cancelled' });
    expect(all.status).toBe(200);
    const again = await refund(cookie, payment.paymentId, { reason: 'Course cancelled' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.refundNotAllowed,
      message: RefundMessages.nothingLeft,
    });
    expect((await storedRefunds(payment.paymentId)).map((row) => row.amount_minor)).toEqual([19_000]);
  });

  it("refuses a cross-site browser POST like the other admin routes, and a service's internal fault stays inside", async () => {
    const { cookie } = await signedIn('admin');
    const { paymentId } = await paidPayment(platform);
    const before = await asked(Subjects.catalogPayments.refundPayment);

    const crossSite = await request(server)
      .post(`/api/admin/payments/${paymentId}/refund`)
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send({ reason: 'Course cancelled' });
    expect(crossSite.status).toBe(403);
    expect(await asked(Subjects.catalogPayments.refundPayment)).toBe(before);

    // A fault with the database's own words in it (the refunds table is gone for a moment).
    const paymentsDb = platform.databases['catalog-payments']!;
    await sql(paymentsDb, 'ALTER TABLE refunds RENAME TO refunds_hidden');
    try {
      const res = await refund(cookie, paymentId, { reason: 'Course cancelled' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ statusCode: 500, code: ErrorCodes.internal, message: ServerMessages.internal });
      expect(res.text).not.toContain('refunds');
    } finally {
      await sql(paymentsDb, 'ALTER TABLE refunds_hidden RENAME TO refunds');
    }
  });
});

describe('an admin looking after one payment, end to end', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signedIn('admin')).cookie;
  });

  it("finds a student's payment by email and status, and shows its detail", async () => {
    const { paymentId, email } = await paidPayment(platform);

    const listed = await request(server)
      .get('/api/admin/payments')
      .query({ q: email.toUpperCase(), status: 'succeeded', currency: 'GBP', pageSize: 10 })
      .set('Cookie', admin);
    expect(listed.status).toBe(200);
    expect(AdminPaymentsPageSchema.parse(listed.body)).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        paymentId,
        studentEmail: email,
        amount: 19_000,
        formattedAmount: '£190.00',
        status: 'succeeded',
        refundedAmount: 0,
        refundableAmount: 19_000,
        provider: 'demo',
      }),
    ]);

    const shown = await request(server).get(`/api/admin/payments/${paymentId}`).set('Cookie', admin);
    expect(shown.status).toBe(200);
    expect(AdminPaymentDetailSchema.parse(shown.body)).toMatchObject({ paymentId, refunds: [], disputes: [] });
    const missing = await request(server).get(`/api/admin/payments/${crypto.randomUUID()}`).set('Cookie', admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(RefundMessages.paymentNotFound);
  });

  it('refunds in part, refuses more than is left, refunds the rest by default, then refuses another', async () => {
    const { paymentId } = await paidPayment(platform);
    const refund = (body: object) =>
      request(server).post(`/api/admin/payments/${paymentId}/refund`).set('Cookie', admin).send(body);

    const part = await refund({ amount: 7_600, reason: 'Two sessions cancelled' });
    expect(part.status).toBe(200);
    expect(AdminPaymentDetailSchema.parse(part.body)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 7_600,
      formattedRefundedAmount: '£76.00',
      refundableAmount: 11_400,
    });
    expect(part.body.refunds).toEqual([
      expect.objectContaining({ amount: 7_600, status: 'succeeded', reason: 'Two sessions cancelled' }),
    ]);

    const tooMuch = await refund({ amount: 11_401, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(RefundMessages.tooLarge('£114.00'));

    const rest = await refund({ reason: 'Course cancelled' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: 19_000, refundableAmount: 0 });
    expect(rest.body.refunds).toHaveLength(2);

    const again = await refund({ reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.refundNotAllowed,
      message: RefundMessages.nothingLeft,
    });

    const refunded = await request(server)
      .get('/api/admin/payments')
      .query({ q: paymentId, status: 'refunded' })
      .set('Cookie', admin);
    expect(refunded.body.items.map((item: { paymentId: string }) => item.paymentId)).toEqual([paymentId]);
  });

  it('answers the revenue in the new shape, net of refunds, as the gateway checks it', async () => {
    const { paymentId } = await paidPayment(platform);
    const refunded = await request(server)
      .post(`/api/admin/payments/${paymentId}/refund`)
      .set('Cookie', admin)
      .send({ amount: 7_600, reason: 'Two sessions cancelled' });
    expect(refunded.status).toBe(200);

    const res = await request(server).get('/api/admin/revenue?weeks=1').set('Cookie', admin);

    expect(res.status).toBe(200);
    const revenue = RevenueByWeekDtoSchema.parse(res.body);
    const gbp = revenue.totals.find((total) => total.currency === 'GBP');
    expect(gbp?.grossMinor).toBeGreaterThanOrEqual(19_000);
    expect(gbp?.refundedMinor).toBeGreaterThanOrEqual(7_600);
    expect(gbp?.amountMinor).toBe((gbp?.grossMinor ?? 0) - (gbp?.refundedMinor ?? 0));
    expect(revenue.settledGbp.currency).toBe('GBP');
  });
});

describe('the OpenAPI document', () => {
  let paths: Record<string, Record<string, OpenApiOperation>>;
  interface OpenApiOperation {
    tags?: string[];
    parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
    requestBody?: { content: Record<string, { schema: unknown }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  }

  beforeAll(async () => {
    paths = (await request(server).get('/api/docs/openapi.json')).body.paths;
  });

  it('documents the list with its query parameters as the server enforces them, and the page schema', () => {
    const operation = paths['/api/admin/payments']?.get;
    expect(operation?.tags).toEqual(['admin']);
    const parameters = Object.fromEntries((operation?.parameters ?? []).map((p) => [p.name, p]));
    expect(Object.keys(parameters)).toEqual(['q', 'status', 'currency', 'from', 'to', 'page', 'pageSize']);
    expect(Object.values(parameters).every((p) => p.in === 'query' && p.required === false)).toBe(true);
    expect(parameters.status?.schema).toMatchObject({ enum: expect.arrayContaining(['partially_refunded']) });
    expect(parameters.from?.schema).toMatchObject({ format: 'date' });
    expect(parameters.pageSize?.schema).toMatchObject({ default: 20, minimum: 1, maximum: 100 });
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(AdminPaymentsPageSchema),
    );
  });

  it('documents the detail and the refund with the uuid path parameter, the body and every answer', () => {
    const get = paths['/api/admin/payments/{paymentId}']?.get;
    expect(get?.parameters).toEqual([expect.objectContaining({ name: 'paymentId', in: 'path', required: true })]);
    expect(get?.parameters?.[0]?.schema).toMatchObject({ format: 'uuid' });
    expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    expect(get?.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(AdminPaymentDetailSchema),
    );

    const post = paths['/api/admin/payments/{paymentId}/refund']?.post;
    expect(post?.tags).toEqual(['admin']);
    expect(post?.requestBody?.content['application/json']?.schema).toEqual(jsonSchemaOf(RefundBodySchema, 'input'));
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '502', '503'].sort(),
    );
    expect(post?.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(AdminPaymentDetailSchema),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { type Actor, DiscountCodeDtoSchema, DiscountMessages, ErrorCodes, Subjects } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';
import { type SignedRpc, signedRpc, startServiceUnderTest, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import pg from 'pg';
import { catalogPayments } from '../src/service.js';
import { paymentsTestConfig } from './support/payments-harness.js';
import { DiscountCodesService } from '../src/modules/discount-codes/discount-codes.service.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const admin: Actor = { userId: 1, role: 'admin' };
const student: Actor = { userId: 2, role: 'student' };
const TTL_MS = 15 * 60_000;

let service: ServiceUnderTest;
let codes: DiscountCodesService;

let rpc: SignedRpc;
const call = (data: unknown, actor: Actor | null) => rpc.call(Subjects.catalogPayments.createDiscountCode, data, actor);
const callError = (data: unknown, actor: Actor | null) =>
  rpc.fail(Subjects.catalogPayments.createDiscountCode, data, actor);

const row = async (code: string) => {
  const connection = new pg.Client({ connectionString: service.db.url });
  await connection.connect();
  try {
    const { rows } = await connection.query('SELECT * FROM discount_codes WHERE code = $1', [code]);
    return rows[0] as Record<string, unknown> | undefined;
  } finally {
    await connection.end();
  }
};

const newCode = async (discountPrice = 30) => DiscountCodeDtoSchema.parse(await call({ discountPrice }, admin)).code;

const domainCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof DomainError ? error.code : error),
  );

beforeAll(async () => {
  service = await startServiceUnderTest({
    service: catalogPayments,
    label: 'payments_codes',
    // Spaces and lower case as an operator might type the seed: the service trims and upper-cases it.
    config: paymentsTestConfig({ DISCOUNT_CODE_SEED_30: ' welcome30 ', DISCOUNT_CODE_SEED_1: 'TEST1' }),
  });
  rpc = signedRpc(service.client, 'codes-test');
  codes = service.app.get(DiscountCodesService);
});

afterAll(() => service.stop());

describe('seeded codes', () => {
  it('exist from configuration, normalised, worth 30 and 1, and survive a second seeding', async () => {
    await codes.onApplicationBootstrap();

    expect(await row('WELCOME30')).toMatchObject({ discount_pounds: 30, status: 'available', created_by: null });
    expect(await row('TEST1')).toMatchObject({ discount_pounds: 1, status: 'available' });
  });
});

describe('create_discount_code', () => {
  it('creates a readable code worth the given pounds, recording the admin', async () => {
    const reply = DiscountCodeDtoSchema.parse(await call({ discountPrice: 45 }, admin));

    expect(reply.code).toMatch(/^[A-HJKMNPQRT-Y346-9]{8}$/);
    expect(reply.discountPrice).toBe(45);
    expect(await row(reply.code)).toMatchObject({ discount_pounds: 45, status: 'available', created_by: admin.userId });
  });

  it('defaults to 30 when the value is empty', async () => {
    expect(DiscountCodeDtoSchema.parse(await call({ discountPrice: '' }, admin)).discountPrice).toBe(30);
    expect(DiscountCodeDtoSchema.parse(await call({}, admin)).discountPrice).toBe(30);
  });

  it('refuses a value outside 1–100', async () => {
    expect(await callError({ discountPrice: 101 }, admin)).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: DiscountMessages.discountPriceInvalid,
    });
  });

  it('refuses anyone but an admin', async () => {
    expect((await callError({ discountPrice: 30 }, student)).code).toBe(ErrorCodes.forbidden);
    expect((await callError({ discountPrice: 30 }, null)).code).toBe(ErrorCodes.forbidden);
  });
});

describe('reserve, spend and release', () => {
  it('reserves a code typed in any case with spaces for one payment and answers its value', async () => {
    const code = await newCode(20);
    const payment = randomUUID();

    expect(await codes.reserve(`  ${code.toLowerCase()} `, student.userId, payment, TTL_MS)).toBe(20);
    expect(await row(code)).toMatchObject({
      status: 'reserved',
      reserved_by: student.userId,
      reserved_for_payment_id: payment,
    });
  });

  it('answers PAYMENTS.DISCOUNT_CODE_INVALID for an unknown code', async () => {
    expect(await domainCode(codes.reserve('NOPE2345', student.userId, randomUUID(), TTL_MS))).toBe(
      ErrorCodes.discountCodeInvalid,
    );
  });

  it('lets exactly one of 20 concurrent buyers reserve a code', async () => {
    const code = await newCode();

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => domainCode(codes.reserve(code, 100 + i, randomUUID(), TTL_MS))),
    );

    expect(outcomes.filter((outcome) => outcome === 'resolved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === ErrorCodes.discountCodeInvalid)).toHaveLength(19);
  });

  it('spends a code at most once, even when its payment spends concurrently', async () => {
    const code = await newCode();
    const payment = randomUUID();
    await codes.reserve(code, student.userId, payment, TTL_MS);

    const spent = await Promise.all(Array.from({ length: 10 }, () => codes.spend(code, payment, student.userId)));

    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await row(code)).toMatchObject({ status: 'spent', used_by: student.userId });
    expect(await domainCode(codes.reserve(code, 3, randomUUID(), TTL_MS))).toBe(ErrorCodes.discountCodeInvalid);
    expect(await codes.release(code, payment)).toBe(false);
  });

  it('lets only the holding payment spend or release the hold', async () => {
    const code = await newCode();
    const payment = randomUUID();
    await codes.reserve(code, student.userId, payment, TTL_MS);

    expect(await codes.spend(code, randomUUID(), 3)).toBe(false);
    expect(await codes.release(code, randomUUID())).toBe(false);
    expect(await row(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: payment });
  });

  it("never moves a hold, not even to the same buyer's newer checkout (the older intent may still be paid)", async () => {
    const code = await newCode();
    const older = randomUUID();
    await codes.reserve(code, student.userId, older, TTL_MS);

    expect(await domainCode(codes.reserve(code, student.userId, randomUUID(), TTL_MS))).toBe(
      ErrorCodes.discountCodeInvalid,
    );
    expect(await row(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: older });
    expect(await codes.spend(code, older, student.userId)).toBe(true);
  });

  it('makes a released code available again', async () => {
    const code = await newCode();
    const payment = randomUUID();
    await codes.reserve(code, student.userId, payment, TTL_MS);

    expect(await codes.release(code, payment)).toBe(true);
    expect(await row(code)).toMatchObject({ status: 'available', reserved_for_payment_id: null });
    expect(await codes.reserve(code, 3, randomUUID(), TTL_MS)).toBe(30);
  });

  it('never lets another buyer take an expired hold: only its payment, once closed, gives it back', async () => {
    const code = await newCode();
    const first = randomUUID();
    await codes.reserve(code, student.userId, first, TTL_MS, new Date(Date.now() - 2 * TTL_MS));

    expect(await domainCode(codes.reserve(code, 3, randomUUID(), TTL_MS))).toBe(ErrorCodes.discountCodeInvalid);
    expect(await codes.release(code, first)).toBe(true);
    expect(await codes.reserve(code, 3, randomUUID(), TTL_MS)).toBe(30);
  });
});

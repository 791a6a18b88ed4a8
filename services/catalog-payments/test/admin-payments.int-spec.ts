import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  AdminPaymentDetailSchema,
  type AdminPaymentsPage,
  AdminPaymentsPageSchema,
  ErrorCodes,
  RefundMessages,
  Subjects,
} from '@medtutor/contracts';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

jest.setTimeout(60_000);

const admin: Actor = { userId: 1, role: 'admin' };
const student: Actor = { userId: 9001, role: 'student' };

let harness: PaymentsHarness;

interface Row {
  key: string;
  email: string;
  name: string | null;
  currency: string;
  amount: number;
  status: string;
  day: string;
  refunded?: number;
  code?: string;
  dispute?: 'open' | 'won' | 'lost';
}

/**
 * Ten payments, one a day from 10 January 2026, covering every admin status: inserted directly so the
 * list's figures are known exactly.
 */
const ROWS: Row[] = [
  {
    key: 'A',
    email: 'alice@example.com',
    name: 'Alice Smith',
    currency: 'GBP',
    amount: 24000,
    status: 'succeeded',
    day: '2026-01-10',
    code: 'SPRING30',
  },
  {
    key: 'B',
    email: 'bob@example.com',
    name: 'Bob Jones',
    currency: 'USD',
    amount: 30480,
    status: 'succeeded',
    day: '2026-01-11',
    refunded: 1000,
  },
  {
    key: 'C',
    email: 'carol@example.com',
    name: 'Carol King',
    currency: 'GBP',
    amount: 24000,
    status: 'succeeded',
    day: '2026-01-12',
    refunded: 24000,
  },
  {
    key: 'D',
    email: 'dave@example.com',
    name: 'Dave Brown',
    currency: 'GBP',
    amount: 19000,
    status: 'succeeded',
    day: '2026-01-13',
    dispute: 'open',
  },
  {
    key: 'E',
    email: 'erin@example.com',
    name: null,
    currency: 'EUR',
    amount: 28080,
    status: 'succeeded',
    day: '2026-01-14',
    dispute: 'lost',
  },
  {
    key: 'F',
    email: 'frank@example.com',
    name: 'Frank Moore',
    currency: 'GBP',
    amount: 24000,
    status: 'pending',
    day: '2026-01-15',
  },
  {
    key: 'G',
    email: 'grace@example.com',
    name: 'Grace Hall',
    currency: 'GBP',
    amount: 24000,
    status: 'requires_action',
    day: '2026-01-16',
  },
  {
    key: 'H',
    email: 'heidi@example.com',
    name: 'Heidi Klum',
    currency: 'JPY',
    amount: 45600,
    status: 'failed',
    day: '2026-01-17',
  },
  {
    key: 'I',
    email: 'ivan@example.com',
    name: 'Ivan Petrov',
    currency: 'GBP',
    amount: 24000,
    status: 'canceled',
    day: '2026-01-18',
  },
  {
    key: 'J',
    email: 'judy@example.com',
    name: 'Judy 100%_Smith',
    currency: 'GBP',
    amount: 24000,
    status: 'succeeded',
    day: '2026-01-19',
    dispute: 'won',
  },
];
const ids = new Map<string, string>();
const keysOf = (page: AdminPaymentsPage) =>
  page.items.map((item) => [...ids].find(([, id]) => id === item.paymentId)?.[0]);

const list = async (query: Record<string, unknown> = {}) =>
  AdminPaymentsPageSchema.parse(await harness.call(Subjects.catalogPayments.listPayments, query, admin));

beforeAll(async () => {
  harness = await startPaymentsService('payments_admin_list', {});
  for (const [index, row] of ROWS.entries()) {
    const id = randomUUID();
    ids.set(row.key, id);
    const paid = row.status === 'succeeded';
    await harness.sql.query(
      `INSERT INTO payments (id, user_id, buyer_email, buyer_name, subject, package_type, package_name, hours,
                             currency, amount_minor, original_amount_minor, discount_minor, discount_code, provider,
                             provider_payment_id, status, created_at, paid_at, refunded_minor)
       VALUES ($1, $2, $3, $4, 'Medical School Interviews', 'package5', '5-Session Package', 5, $5, $6, $6, 0, $7,
               'stripe', $8, $9, $10::timestamptz, $11::timestamptz, $12)`,
      [
        id,
        5000 + index,
        row.email,
        row.name,
        row.currency,
        row.amount,
        row.code ?? null,
        `pi_${row.key.toLowerCase()}_test`,
        row.status,
        `${row.day}T12:00:00Z`,
        paid ? `${row.day}T12:01:00Z` : null,
        row.refunded ?? 0,
      ],
    );
    if (row.dispute) {
      await harness.sql.query(
        `INSERT INTO payment_disputes (id, payment_id, status, amount_minor, reason, opened_at, closed_at)
         VALUES ($1, $2, $3, $4, 'fraudulent', $5::timestamptz, $6::timestamptz)`,
        [
          `dp_${row.key}`,
          id,
          row.dispute,
          row.amount,
          `${row.day}T18:00:00Z`,
          row.dispute === 'open' ? null : `${row.day}T20:00:00Z`,
        ],
      );
    }
  }
});

afterAll(() => harness?.stop());

describe('list_payments', () => {
  it('lists every payment newest first, with its fields', async () => {
    const page = await list();

    expect(page).toMatchObject({ total: 10, page: 1, pageSize: 20 });
    expect(keysOf(page)).toEqual(['J', 'I', 'H', 'G', 'F', 'E', 'D', 'C', 'B', 'A']);
    expect(page.items.find((item) => item.paymentId === ids.get('B'))).toEqual({
      paymentId: ids.get('B'),
      userId: 5001,
      studentName: 'Bob Jones',
      studentEmail: 'bob@example.com',
      subject: 'Medical School Interviews',
      packageType: 'package5',
      packageName: '5-Session Package',
      hours: 5,
      currency: 'USD',
      amount: 30480,
      formattedAmount: '$304.80',
      discountCode: null,
      status: 'partially_refunded',
      refundedAmount: 1000,
      formattedRefundedAmount: '$10.00',
      refundableAmount: 29480,
      provider: 'stripe',
      providerReference: 'pi_b_test',
      createdAt: '2026-01-11T12:00:00.000Z',
      paidAt: '2026-01-11T12:01:00.000Z',
    });
  });

  it('maps every status, and filters by each one the same way', async () => {
    const all = await list();
    const keys = keysOf(all);
    const statuses = Object.fromEntries(all.items.map((item, index) => [keys[index], item.status]));
    expect(statuses).toEqual({
      A: 'succeeded',
      B: 'partially_refunded',
      C: 'refunded',
      D: 'disputed',
      E: 'refunded',
      F: 'pending',
      G: 'pending',
      H: 'failed',
      I: 'canceled',
      J: 'succeeded',
    });
    const expected: Record<string, string[]> = {
      pending: ['G', 'F'],
      succeeded: ['J', 'A'],
      partially_refunded: ['B'],
      refunded: ['E', 'C'],
      disputed: ['D'],
      failed: ['H'],
      canceled: ['I'],
    };
    for (const [status, keys] of Object.entries(expected)) {
      const page = await list({ status });
      expect([status, keysOf(page), page.total]).toEqual([status, keys, keys.length]);
    }
  });

  it('only lets a paid payment without an open dispute be refunded, up to what is left', async () => {
    const refundable = Object.fromEntries(
      (await list()).items.map((item) => [item.paymentId, item.refundableAmount] as const),
    );
    expect(refundable[ids.get('A') ?? '']).toBe(24000);
    expect(refundable[ids.get('B') ?? '']).toBe(29480);
    for (const key of ['C', 'D', 'E', 'F', 'G', 'H', 'I'])
      expect([key, refundable[ids.get(key) ?? '']]).toEqual([key, 0]);
  });

  it('filters by currency and by an inclusive date range, a cleared filter meaning none', async () => {
    expect(keysOf(await list({ currency: 'USD' }))).toEqual(['B']);
    expect(keysOf(await list({ currency: 'GBP', status: 'succeeded' }))).toEqual(['J', 'A']);
    expect(keysOf(await list({ from: '2026-01-12', to: '2026-01-14' }))).toEqual(['E', 'D', 'C']);
    expect(keysOf(await list({ from: '2026-01-18' }))).toEqual(['J', 'I']);
    expect(keysOf(await list({ to: '2026-01-10' }))).toEqual(['A']);
    expect((await list({ status: '', currency: '', q: '', from: '', to: '' })).total).toBe(10);
    expect(
      await harness.callError(Subjects.catalogPayments.listPayments, { from: '2026-01-14', to: '2026-01-12' }, admin),
    ).toMatchObject({ code: ErrorCodes.validationFailed, message: RefundMessages.dateRangeInvalid });
  });

  it('searches student email and name, discount code, payment id and Stripe reference', async () => {
    expect(keysOf(await list({ q: 'ALICE@' }))).toEqual(['A']);
    expect(keysOf(await list({ q: 'jones' }))).toEqual(['B']);
    expect(keysOf(await list({ q: 'spring3' }))).toEqual(['A']);
    expect(keysOf(await list({ q: ids.get('C')?.toUpperCase() }))).toEqual(['C']);
    expect(keysOf(await list({ q: 'pi_d_test' }))).toEqual(['D']);
    // LIKE's wildcards are searched for as such.
    expect(keysOf(await list({ q: '100%_' }))).toEqual(['J']);
    expect(keysOf(await list({ q: '%' }))).toEqual(['J']);
    expect(keysOf(await list({ q: 'smith', status: 'succeeded' }))).toEqual(['J', 'A']);
    expect(await list({ q: 'nobody' })).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('pages through the list', async () => {
    expect(keysOf(await list({ pageSize: 3, page: 2 }))).toEqual(['G', 'F', 'E']);
    expect(await list({ pageSize: '3', page: '4' })).toMatchObject({ total: 10, page: 4, pageSize: 3 });
    expect(keysOf(await list({ pageSize: 3, page: 4 }))).toEqual(['A']);
    expect(await list({ pageSize: 3, page: 5 })).toEqual({ items: [], total: 10, page: 5, pageSize: 3 });
    expect((await harness.callError(Subjects.catalogPayments.listPayments, { pageSize: 101 }, admin)).code).toBe(
      ErrorCodes.validationFailed,
    );
  });

  it('is for admins only', async () => {
    expect((await harness.callError(Subjects.catalogPayments.listPayments, {}, null)).code).toBe(
      ErrorCodes.unauthenticated,
    );
    expect((await harness.callError(Subjects.catalogPayments.listPayments, {}, student)).code).toBe(
      ErrorCodes.forbidden,
    );
    expect(
      (await harness.callError(Subjects.catalogPayments.listPayments, {}, { userId: 7, role: 'tutor' })).code,
    ).toBe(ErrorCodes.forbidden);
  });
});

describe('get_admin_payment', () => {
  it('gives the row with its disputes, refunds and settlement', async () => {
    const detail = AdminPaymentDetailSchema.parse(
      await harness.call(Subjects.catalogPayments.getAdminPayment, { paymentId: ids.get('D') }, admin),
    );

    expect(detail).toMatchObject({
      paymentId: ids.get('D'),
      status: 'disputed',
      failureReason: null,
      refunds: [],
      settlement: null,
      disputes: [
        {
          id: 'dp_D',
          status: 'open',
          amount: 19000,
          formattedAmount: '£190.00',
          reason: 'fraudulent',
          openedAt: '2026-01-13T18:00:00.000Z',
          closedAt: null,
        },
      ],
    });
  });

  it('answers not found for an unknown payment, and only to admins', async () => {
    const paymentId = randomUUID();
    expect(await harness.callError(Subjects.catalogPayments.getAdminPayment, { paymentId }, admin)).toMatchObject({
      code: ErrorCodes.notFound,
      message: RefundMessages.paymentNotFound,
    });
    const own = { paymentId: ids.get('A') };
    expect((await harness.callError(Subjects.catalogPayments.getAdminPayment, own, null)).code).toBe(
      ErrorCodes.unauthenticated,
    );
    expect((await harness.callError(Subjects.catalogPayments.getAdminPayment, own, student)).code).toBe(
      ErrorCodes.forbidden,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  DemoCards,
  ErrorCodes,
  mondayOf,
  PaymentIntentDtoSchema,
  type PaymentStatus,
  RevenueByWeekDtoSchema,
  RevenueMessages,
  Subjects,
} from '@medtutor/contracts';
import { pino } from 'pino';
import { PrismaService } from '../src/infra/prisma.service.js';
import { RevenueRepository } from '../src/modules/revenue/revenue.repository.js';
import { RevenueService } from '../src/modules/revenue/revenue.service.js';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

let harness: PaymentsHarness;
let nextUser = 3000;
const admin: Actor = { userId: 1, role: 'admin' };
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

/** A currency's figures with nothing refunded. */
const money = (currency: string, amountMinor: number, formattedAmount: string, payments: number) => ({
  currency,
  amountMinor,
  formattedAmount,
  payments,
  grossMinor: amountMinor,
  refundedMinor: 0,
});
const settledGbp = (amountMinor: number, settledPayments: number, unsettledPayments: number) => ({
  currency: 'GBP',
  amountMinor,
  formattedAmount: `£${(amountMinor / 100).toFixed(2)}`,
  settledPayments,
  unsettledPayments,
});

const revenue = async (data: unknown, actor: Actor | null = admin) =>
  RevenueByWeekDtoSchema.parse(await harness.call(Subjects.catalogPayments.revenueByWeek, data, actor));

const insertPayment = (currency: string, amountMinor: number, paidAt: string, status: PaymentStatus = 'succeeded') =>
  harness.sql.query(
    `INSERT INTO payments (id, user_id, subject, package_type, package_name, hours, currency,
                           amount_minor, original_amount_minor, discount_minor, provider, status, paid_at)
     VALUES ($1, $2, 'Medical School Interviews', 'package5', '5-Session Package', 5, $3, $4, $4, 0, 'demo', $5, $6)`,
    [randomUUID(), ++nextUser, currency, amountMinor, status, paidAt],
  );

/** Checkout through the demo provider, confirmed with the given test card. */
const buy = async (cardNumber: string | null) => {
  const buyer = newStudent();
  const intent = PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      { subject: 'Medical School Support', packageType: 'package5' },
      buyer,
    ),
  );
  if (cardNumber) {
    await harness.call(
      Subjects.catalogPayments.confirmDemoPayment,
      { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber },
      buyer,
    );
  }
};

beforeAll(async () => {
  harness = await startPaymentsService('payments_revenue', {});
});

afterAll(() => harness?.stop());

describe('revenue_by_week, over fixed weeks in March 2020', () => {
  // Wednesday: the report's three weeks start on 24 February, 2 March and 9 March.
  const now = new Date('2020-03-11T12:00:00Z');

  beforeAll(async () => {
    await insertPayment('GBP', 1000, '2020-02-23T23:59:59.999Z'); // the Sunday before the range
    await insertPayment('GBP', 4000, '2020-03-08T23:59:59.999Z'); // Sunday: still the week of 2 March
    await insertPayment('GBP', 19000, '2020-03-09T00:00:00.000Z'); // Monday midnight UTC opens the next week
    await insertPayment('GBP', 5000, '2020-03-11T09:00:00.000Z');
    await insertPayment('USD', 24130, '2020-03-10T15:00:00.000Z');
    await insertPayment('GBP', 7700, '2020-03-16T00:00:00.000Z'); // after the range
    // Only succeeded payments count, even where another status carries a paid_at.
    for (const status of ['pending', 'requires_action', 'failed', 'canceled'] as const) {
      await insertPayment('GBP', 99900, '2020-03-10T12:00:00.000Z', status);
    }
  });

  const expected = {
    weeks: [
      {
        weekStarting: '2020-02-24',
        payments: 0,
        totals: [money('GBP', 0, '£0.00', 0)],
        settledGbp: settledGbp(0, 0, 0),
      },
      {
        weekStarting: '2020-03-02',
        payments: 1,
        totals: [money('GBP', 4000, '£40.00', 1)],
        settledGbp: settledGbp(0, 0, 1),
      },
      {
        weekStarting: '2020-03-09',
        payments: 3,
        totals: [money('GBP', 24000, '£240.00', 2), money('USD', 24130, '$241.30', 1)],
        settledGbp: settledGbp(0, 0, 3),
      },
    ],
    totals: [money('GBP', 28000, '£280.00', 3), money('USD', 24130, '$241.30', 1)],
    // Inserted without a settlement figure: counted, never converted.
    settledGbp: settledGbp(0, 0, 4),
  };

  it('sums succeeded payments per week and currency, with the empty week at zero', async () => {
    expect(await harness.service.app.get(RevenueService).byWeek(3, admin, now)).toEqual(expected);
  });

  it('keeps the weeks in UTC when the database session runs in another time zone', async () => {
    const url = new URL(harness.service.db.url);
    url.searchParams.set('options', '-c TimeZone=Asia/Tokyo');
    const tokyo = new PrismaService(
      { databaseUrl: url.toString(), databaseConnections: { prisma: 2 } },
      pino({ level: 'silent' }),
    );
    try {
      expect(await tokyo.$queryRaw`SELECT current_setting('TimeZone') AS zone`).toEqual([{ zone: 'Asia/Tokyo' }]);
      expect(await new RevenueService(new RevenueRepository(tokyo)).byWeek(3, admin, now)).toEqual(expected);
    } finally {
      await tokyo.$disconnect();
    }
  });
});

describe('revenue_by_week over NATS', () => {
  it('reports the last 12 weeks by default, ending this week, with a demo purchase and without unpaid ones', async () => {
    await buy(DemoCards.succeeds);
    await buy(DemoCards.declines);
    await buy(null); // left pending

    const report = await revenue({});

    const thisWeek = mondayOf(new Date().toISOString().slice(0, 10));
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks.at(-1)).toEqual({
      weekStarting: thisWeek,
      payments: 1,
      totals: [money('GBP', 24000, '£240.00', 1)],
      // The demo settles a GBP payment at its own amount.
      settledGbp: settledGbp(24000, 1, 0),
    });
    const earlier = report.weeks.slice(0, -1);
    expect(earlier.every((week) => week.payments === 0 && week.totals[0]?.amountMinor === 0)).toBe(true);
    const mondays = report.weeks.map((week) => Date.parse(`${week.weekStarting}T00:00:00Z`));
    expect(mondays.slice(1).map((monday, index) => monday - (mondays[index] ?? 0))).toEqual(
      Array(11).fill(7 * 86_400_000),
    );
    expect(new Date(mondays[0] ?? 0).getUTCDay()).toBe(1);
  });

  it('takes up to 104 weeks and refuses other numbers with the rule', async () => {
    expect((await revenue({ weeks: 104 })).weeks).toHaveLength(104);
    expect((await revenue({ weeks: '26' })).weeks).toHaveLength(26);
    for (const weeks of [0, 105, 1.5, 'many']) {
      expect(await harness.callError(Subjects.catalogPayments.revenueByWeek, { weeks }, admin)).toMatchObject({
        code: ErrorCodes.validationFailed,
        message: RevenueMessages.weeksInvalid,
      });
    }
  });

  it('refuses a visitor as unauthenticated and students and tutors as forbidden', async () => {
    const refusal = async (actor: Actor | null) =>
      (await harness.callError(Subjects.catalogPayments.revenueByWeek, {}, actor)).code;

    expect(await refusal(null)).toBe(ErrorCodes.unauthenticated);
    expect(await refusal(newStudent())).toBe(ErrorCodes.forbidden);
    expect(await refusal({ userId: 77, role: 'tutor' })).toBe(ErrorCodes.forbidden);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Actor,
  ErrorCodes,
  EventTypes,
  eventSubject,
  HoursLedgerEntryDtoSchema,
  PackageHoldMessages,
  type PaymentDisputedV1,
  type PaymentRefundedV1,
  type PaymentSucceededV1,
  PackageDtoSchema,
  Subjects,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { z } from 'zod';
import { PAYMENT_DISPUTED_CONSUMER } from '../src/modules/packages/payment-disputed.consumer.js';
import { PAYMENT_REFUNDED_CONSUMER } from '../src/modules/packages/payment-refunded.consumer.js';
import { PAYMENT_SUCCEEDED_CONSUMER } from '../src/modules/packages/payment-succeeded.consumer.js';
import { actors, rpc, startTutoring, TEAM_EMAIL } from './support/harness.js';

/** A purchase of one test: its own student, so their package list holds only this package. */
interface Purchase {
  paymentId: string;
  userId: number;
  email: string;
  student: Actor;
}

type Email = { to: string; subject: string; text: string };

const HOURS = 5;
/** £190.00: 40 % is £76.00. */
const AMOUNT = 19_000;

describe('hours follow the money: payment_refunded and payment_disputed consumers (real JetStream and PostgreSQL)', () => {
  let service: Awaited<ReturnType<typeof startTutoring>>;
  let nc: NatsConnection;
  let nextUserId = 1_000;

  const newPurchase = (): Purchase => {
    const userId = (nextUserId += 1);
    return {
      paymentId: randomUUID(),
      userId,
      email: `student${userId}@example.com`,
      student: { userId, role: 'student' },
    };
  };
  const facts = (purchase: Purchase) => ({
    paymentId: purchase.paymentId,
    userId: purchase.userId,
    buyerEmail: purchase.email,
    buyerName: 'Sam Student',
    subject: 'Medical School Interviews' as const,
    packageName: '5 Sessions Package',
    hours: HOURS,
    currency: 'GBP' as const,
    amount: AMOUNT,
  });

  /** Published without a message id, so a repeated event id reaches the consumer again: a redelivery. */
  const publish = async (type: string, data: unknown, id: string = randomUUID()) => {
    const envelope = { ...newEvent(type, 1, data, 'refund-test'), id };
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope));
    return id;
  };
  const processed = async (consumer: string, eventId: string) =>
    (await sql(service.db.url, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [consumer, eventId]))
      .length > 0;
  /** Publishes and waits until the consumer committed its effect (the inbox row commits with it). */
  const deliver = async (consumer: string, type: string, data: unknown, id?: string) => {
    const eventId = await publish(type, data, id);
    await eventually(() => processed(consumer, eventId), 15_000, `${type} ${eventId}`);
    return eventId;
  };

  const succeeded = (purchase: Purchase): PaymentSucceededV1 => ({
    ...facts(purchase),
    packageType: 'package5',
    discountCode: null,
    provider: 'stripe',
    paidAt: '2026-11-20T10:15:00.000Z',
  });
  const credit = (purchase: Purchase) =>
    deliver(PAYMENT_SUCCEEDED_CONSUMER, EventTypes.paymentSucceeded, succeeded(purchase));
  const refunded = (purchase: Purchase, refundedAmount: number, more: Partial<PaymentRefundedV1> = {}) => {
    const data: PaymentRefundedV1 = {
      ...facts(purchase),
      refundedAmount,
      fullyRefunded: refundedAmount >= AMOUNT,
      reason: null,
      refundedAt: '2026-11-24T09:00:00.000Z',
      ...more,
    };
    return data;
  };
  const refund = (data: PaymentRefundedV1, id?: string) =>
    deliver(PAYMENT_REFUNDED_CONSUMER, EventTypes.paymentRefunded, data, id);
  /** One dispute per purchase unless told: Stripe's dispute ids are unique. */
  const dispute = (purchase: Purchase, status: PaymentDisputedV1['status'], disputeId = `dp_${purchase.paymentId}`) => {
    const data: PaymentDisputedV1 = {
      ...facts(purchase),
      disputeId,
      status,
      disputedAmount: AMOUNT,
      reason: 'fraudulent',
      at: '2026-11-24T09:00:00.000Z',
    };
    return deliver(PAYMENT_DISPUTED_CONSUMER, EventTypes.paymentDisputed, data);
  };

  const packageOf = async (purchase: Purchase) => {
    const mine = z
      .array(PackageDtoSchema)
      .parse(await rpc(service).call(Subjects.tutoring.listMySessions, {}, purchase.student));
    expect(mine).toHaveLength(1);
    return mine[0]!;
  };
  /** The package's ledger, oldest first. */
  const ledgerOf = async (purchase: Purchase) => {
    const { id } = await packageOf(purchase);
    const entries = z
      .array(HoursLedgerEntryDtoSchema)
      .parse(await rpc(service).call(Subjects.tutoring.getLedger, { sessionId: id }, purchase.student));
    return entries.reverse();
  };
  const emailsTo = async (to: string): Promise<Email[]> => {
    const files = (await readdir(service.mailDir)).filter((file) => file.endsWith('.json')).sort();
    const emails = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(join(service.mailDir, file), 'utf8')) as Email),
    );
    return emails.filter((email) => email.to === to);
  };
  /** Waits for the mail relay (it polls the mail outbox) to have sent `count` emails to `to`. */
  const emailsReaching = (to: string, count: number) =>
    eventually(
      async () => {
        const emails = await emailsTo(to);
        return emails.length >= count ? emails : undefined;
      },
      15_000,
      `${count} email(s) to ${to}`,
    );
  const queuedEmails = async (to: string) =>
    (
      await sql<{ n: number }>(service.db.url, 'SELECT count(*)::int AS n FROM outbound_emails WHERE to_address = $1', [
        to,
      ])
    )[0]!.n;
  const setUsed = (purchase: Purchase, usedHours: number) =>
    sql(service.db.url, 'UPDATE user_sessions SET used_hours = $1 WHERE payment_id = $2', [
      usedHours,
      purchase.paymentId,
    ]);

  beforeAll(async () => {
    service = await startTutoring('tutoring_refunds');
    nc = await connect({ servers: service.nats.url });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it('takes back 40 % of a 5-hour package as 2 hours, with a ledger entry and the student’s email', async () => {
    const purchase = newPurchase();
    await credit(purchase);
    await refund(refunded(purchase, 7_600, { reason: 'Cancelled two sessions' }));

    expect(await packageOf(purchase)).toMatchObject({
      originalHours: 5,
      totalHours: 3,
      usedHours: 0,
      overdrawnHours: 0,
      frozenReason: null,
    });
    const ledger = await ledgerOf(purchase);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'refund',
      deltaHours: 0,
      usedHoursAfter: 0,
      totalDeltaHours: -2,
      totalHoursAfter: 3,
      actorRole: 'system',
      actorName: null,
      reason: 'Refund of £76.00 of £190.00: 2 hours taken back (Cancelled two sessions)',
    });
    const [email] = await emailsReaching(purchase.email, 1);
    expect(email!.subject).toBe('Refund for your 5 Sessions Package');
    expect(email!.text).toContain('Hello Sam Student,');
    expect(email!.text).toContain('£76.00 of your payment of £190.00 for the 5 Sessions Package');
    expect(email!.text).toContain('Reason: Cancelled two sessions');
    expect(email!.text).toContain('2 hours were taken back from the package');
    expect(email!.text).toContain('You have 3 hours left to use on this package (0 of 3 used).');
    expect(email!.text).not.toContain(PackageHoldMessages.overdrawn);
  }, 60_000);

  it('applies a partial refund, then the full one: only the new share is taken the second time', async () => {
    const purchase = newPurchase();
    await credit(purchase);
    await refund(refunded(purchase, 7_600));
    await refund(refunded(purchase, AMOUNT, { reason: 'Course cancelled' }));

    expect(await packageOf(purchase)).toMatchObject({ totalHours: 0, usedHours: 0, overdrawnHours: 0 });
    const ledger = await ledgerOf(purchase);
    expect(ledger.map((entry) => [entry.kind, entry.totalDeltaHours, entry.totalHoursAfter, entry.reason])).toEqual([
      ['refund', -2, 3, 'Refund of £76.00 of £190.00: 2 hours taken back'],
      ['refund', -3, 0, 'Refund of £190.00 of £190.00: 3 hours taken back (Course cancelled)'],
    ]);
    const emails = await emailsReaching(purchase.email, 2);
    const full = emails.filter((email) => email.text.includes('has been refunded in full'));
    expect(full).toHaveLength(1);
    expect(full[0]!.text).toContain('3 hours were taken back');
    expect(full[0]!.text).toContain('You have 0 hours left to use');
  }, 60_000);

  it('changes nothing for a redelivered event, the same total under a new event id, or an older smaller total', async () => {
    const purchase = newPurchase();
    await credit(purchase);
    const larger = refunded(purchase, 9_500);
    const first = await refund(larger);
    // The same delivery again (JetStream redelivery): the inbox holds it.
    await publish(EventTypes.paymentRefunded, larger, first);
    // The same running total announced again (a repeated webhook): the largest-seen rule holds it.
    await refund(larger);
    // An older event with a smaller total, arriving late.
    await refund(refunded(purchase, 3_800));

    expect(await packageOf(purchase)).toMatchObject({ totalHours: 2.5 });
    expect(await ledgerOf(purchase)).toHaveLength(1);
    const [row] = await sql<{ refunded_amount: number; hours_taken_back: string }>(
      service.db.url,
      'SELECT refunded_amount, hours_taken_back FROM user_sessions WHERE payment_id = $1',
      [purchase.paymentId],
    );
    expect(row).toEqual({ refunded_amount: 9_500, hours_taken_back: '2.5' });
    expect(await queuedEmails(purchase.email)).toBe(1);
  }, 60_000);

  it('keeps a refund and a dispute that arrive before the package, and applies them when it is credited', async () => {
    const purchase = newPurchase();
    await refund(refunded(purchase, 7_600));
    await dispute(purchase, 'open');
    const pending = async () =>
      (
        await sql<{ type: string }>(
          service.db.url,
          'SELECT type FROM pending_payment_events WHERE payment_id = $1 ORDER BY id',
          [purchase.paymentId],
        )
      ).map((row) => row.type);
    expect(await pending()).toEqual([EventTypes.paymentRefunded, EventTypes.paymentDisputed]);
    expect(
      await sql(service.db.url, 'SELECT 1 FROM user_sessions WHERE payment_id = $1', [purchase.paymentId]),
    ).toHaveLength(0);

    await credit(purchase);
    expect(await packageOf(purchase)).toMatchObject({
      originalHours: 5,
      totalHours: 3,
      frozenReason: PackageHoldMessages.frozenByDispute,
    });
    expect((await ledgerOf(purchase)).map((entry) => [entry.kind, entry.totalDeltaHours, entry.reason])).toEqual([
      ['refund', -2, 'Refund of £76.00 of £190.00: 2 hours taken back'],
      ['dispute', 0, 'Payment disputed: package on hold'],
    ]);
    expect(await pending()).toEqual([]);
    const emails = await emailsReaching(purchase.email, 2);
    expect(emails.map((email) => email.subject).sort()).toEqual(
      ['Refund for your 5 Sessions Package', 'Your 5 Sessions Package is on hold'].sort(),
    );
  }, 60_000);

  it('applies a refund published together with its payment exactly once, in either publishing order', async () => {
    const purchases = Array.from({ length: 6 }, () => newPurchase());
    // No waiting between them: the two consumers race for each payment, in both publishing orders.
    const ids = await Promise.all(
      purchases.map(async (purchase, index) => {
        const events: Array<[string, string, unknown]> = [
          [PAYMENT_SUCCEEDED_CONSUMER, EventTypes.paymentSucceeded, succeeded(purchase)],
          [PAYMENT_REFUNDED_CONSUMER, EventTypes.paymentRefunded, refunded(purchase, 7_600)],
        ];
        if (index % 2) events.reverse();
        const published: Array<[string, string]> = [];
        for (const [consumer, type, data] of events) published.push([consumer, await publish(type, data)]);
        return published;
      }),
    );
    for (const [consumer, id] of ids.flat()) await eventually(() => processed(consumer, id), 15_000, id);

    for (const purchase of purchases) {
      expect(await packageOf(purchase)).toMatchObject({ totalHours: 3, originalHours: 5 });
      expect((await ledgerOf(purchase)).map((entry) => entry.totalDeltaHours)).toEqual([-2]);
    }
    expect(
      await sql(service.db.url, 'SELECT 1 FROM pending_payment_events WHERE payment_id = ANY($1::uuid[])', [
        purchases.map((purchase) => purchase.paymentId),
      ]),
    ).toHaveLength(0);
  }, 60_000);

  it('loses no refund that finds no package while the credit is running (the payment lock orders them)', async () => {
    const purchase = newPurchase();
    const waiting = async (event: 'relation' | 'advisory') =>
      (
        await sql<{ n: number }>(
          service.db.url,
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = $1`,
          [event],
        )
      )[0]!.n > 0;
    // Stops the refund's transaction after it found no package, just before it keeps the event pending.
    const blocker = new pg.Client({ connectionString: service.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE pending_payment_events IN EXCLUSIVE MODE');
      const refundId = await publish(EventTypes.paymentRefunded, refunded(purchase, 7_600));
      await eventually(() => waiting('relation'), 15_000, 'the refund to wait before keeping its event');
      // The credit must wait for the refund; without the lock it would commit now, seeing no pending event.
      const creditId = await publish(EventTypes.paymentSucceeded, succeeded(purchase));
      await eventually(
        async () => (await waiting('advisory')) || (await processed(PAYMENT_SUCCEEDED_CONSUMER, creditId)),
        15_000,
        'the credit to wait or finish',
      );
      await blocker.query('COMMIT');
      await eventually(() => processed(PAYMENT_REFUNDED_CONSUMER, refundId), 15_000, 'the refund');
      await eventually(() => processed(PAYMENT_SUCCEEDED_CONSUMER, creditId), 15_000, 'the credit');
    } finally {
      await blocker.end();
    }
    expect(await packageOf(purchase)).toMatchObject({ totalHours: 3, originalHours: 5 });
    expect((await ledgerOf(purchase)).map((entry) => entry.totalDeltaHours)).toEqual([-2]);
  }, 60_000);

  it('never takes back used hours: the shortfall is overdrawn, and the team is alerted', async () => {
    const purchase = newPurchase();
    await credit(purchase);
    await setUsed(purchase, 4);
    const teamBefore = (await emailsTo(TEAM_EMAIL)).length;
    await refund(refunded(purchase, AMOUNT, { reason: 'Unhappy with the service' }));

    // 5 hours refunded: 1 was left to take, 4 had been used.
    expect(await packageOf(purchase)).toMatchObject({
      originalHours: 5,
      totalHours: 4,
      usedHours: 4,
      overdrawnHours: 4,
    });
    const [entry] = await ledgerOf(purchase);
    expect(entry).toMatchObject({ kind: 'refund', totalDeltaHours: -1, totalHoursAfter: 4, usedHoursAfter: 4 });
    expect(entry!.reason).toBe(
      'Refund of £190.00 of £190.00: 1 hour taken back (Unhappy with the service). 4 hours had already been used: the package is overdrawn by 4 hours',
    );
    const [studentEmail] = await emailsReaching(purchase.email, 1);
    expect(studentEmail!.text).toContain('1 hour was taken back');
    expect(studentEmail!.text).toContain(PackageHoldMessages.overdrawn);
    const team = await emailsReaching(TEAM_EMAIL, teamBefore + 1);
    const alert = team.find((email) => email.text.includes(purchase.paymentId));
    expect(alert).toBeDefined();
    expect(alert!.subject).toMatch(/^Package #\d+ overdrawn after a refund$/);
    expect(alert!.text).toContain(`<${purchase.email}> (user #${purchase.userId})`);
    expect(alert!.text).toContain('Hours bought: 5; used: 4; total now: 4; overdrawn: 4');
  }, 60_000);

  describe('disputes', () => {
    let tutorId: number;
    const tutor: Actor = { userId: 7_000, role: 'tutor' };
    const logSession = async (purchase: Purchase) => {
      const { id } = await packageOf(purchase);
      return { sessionId: id, date: '2026-11-25', durationHours: 1 };
    };

    beforeAll(async () => {
      const [row] = await sql<{ id: number }>(
        service.db.url,
        `INSERT INTO tutors (name, specialty, calendar_link, user_id, updated_at)
         VALUES ('Dana Dispute', 'Interviews', 'https://calendly.com/medpath/dana', $1, now()) RETURNING id`,
        [tutor.userId],
      );
      tutorId = row!.id;
    });
    const assign = (purchase: Purchase) =>
      sql(service.db.url, 'UPDATE user_sessions SET primary_tutor_id = $1 WHERE payment_id = $2', [
        tutorId,
        purchase.paymentId,
      ]);

    it('holds the package while the dispute is open (the tutor cannot log a session) and lifts the hold when won', async () => {
      const purchase = newPurchase();
      await credit(purchase);
      await assign(purchase);
      await dispute(purchase, 'open');

      expect(await packageOf(purchase)).toMatchObject({
        totalHours: 5,
        frozenReason: PackageHoldMessages.frozenByDispute,
      });
      const refused = await rpc(service).fail(
        Subjects.tutoring.recordDeliveredSession,
        await logSession(purchase),
        tutor,
      );
      expect(refused).toMatchObject({
        code: ErrorCodes.packageOnHold,
        message: PackageHoldMessages.frozenByDispute,
      });
      // Admins still settle a package on hold.
      await rpc(service).call(
        Subjects.tutoring.setUsage,
        { sessionId: (await packageOf(purchase)).id, usedHours: 0.5, reason: 'Settled' },
        actors.admin,
      );
      const [opened] = await emailsReaching(purchase.email, 1);
      expect(opened!.subject).toBe('Your 5 Sessions Package is on hold');
      expect(opened!.text).toContain(PackageHoldMessages.frozenByDispute);
      expect(opened!.text).toContain('You have 5 hours left to use');

      // A repeated "open" changes nothing.
      await dispute(purchase, 'open');
      await dispute(purchase, 'won');
      expect(await packageOf(purchase)).toMatchObject({ totalHours: 5, usedHours: 0.5, frozenReason: null });
      await rpc(service).call(Subjects.tutoring.recordDeliveredSession, await logSession(purchase), tutor);
      expect(await packageOf(purchase)).toMatchObject({ usedHours: 1.5 });

      expect(
        (await ledgerOf(purchase)).map((entry) => [
          entry.kind,
          entry.deltaHours,
          entry.totalDeltaHours,
          entry.totalHoursAfter,
          entry.reason,
        ]),
      ).toEqual([
        ['dispute', 0, 0, 5, 'Payment disputed: package on hold'],
        ['usage', 0.5, 0, 5, 'Settled'],
        ['dispute', 0, 0, 5, 'Dispute won: hold lifted'],
        ['usage', 1, 0, 5, 'Session delivered on 2026-11-25 (1 h)'],
      ]);
      const emails = await emailsReaching(purchase.email, 2);
      expect(emails).toHaveLength(2);
      const closed = emails.find((email) => email.subject === 'Your 5 Sessions Package: payment dispute closed');
      expect(closed!.text).toContain('The hold on your package is lifted');
      // Sent as the dispute closed: 0.5 of 5 used then.
      expect(closed!.text).toContain('You have 4.5 hours left to use');
    }, 60_000);

    it('a lost dispute with its full refund takes back every hour not yet used', async () => {
      const purchase = newPurchase();
      await credit(purchase);
      await setUsed(purchase, 1);
      await dispute(purchase, 'open');
      await dispute(purchase, 'lost');
      // catalog-payments announces a lost dispute as a full refund too.
      await refund(refunded(purchase, AMOUNT, { fullyRefunded: true }));

      expect(await packageOf(purchase)).toMatchObject({
        originalHours: 5,
        totalHours: 1,
        usedHours: 1,
        overdrawnHours: 1,
        frozenReason: null,
      });
      expect(
        (await ledgerOf(purchase)).map((entry) => [
          entry.kind,
          entry.totalDeltaHours,
          entry.totalHoursAfter,
          entry.reason,
        ]),
      ).toEqual([
        ['dispute', 0, 5, 'Payment disputed: package on hold'],
        ['dispute', 0, 5, 'Dispute lost: the payment was taken back'],
        [
          'refund',
          -4,
          1,
          'Refund of £190.00 of £190.00: 4 hours taken back. 1 hour had already been used: the package is overdrawn by 1 hour',
        ],
      ]);
      const emails = await emailsReaching(purchase.email, 3);
      expect(emails.map((email) => email.subject).sort()).toEqual(
        [
          'Your 5 Sessions Package is on hold',
          'Your 5 Sessions Package: payment returned after a dispute',
          'Refund for your 5 Sessions Package',
        ].sort(),
      );
      const refundEmail = emails.find((email) => email.subject === 'Refund for your 5 Sessions Package');
      expect(refundEmail!.text).toContain('has been refunded in full');
      expect(refundEmail!.text).toContain('You have 0 hours left to use');
      expect(refundEmail!.text).toContain(PackageHoldMessages.overdrawn);
    }, 60_000);

    it('ignores an "open" that arrives after the dispute closed', async () => {
      const won = newPurchase();
      await credit(won);
      await dispute(won, 'won', 'dp_late_open_won');
      await dispute(won, 'open', 'dp_late_open_won');
      expect(await packageOf(won)).toMatchObject({ frozenReason: null });
      expect((await ledgerOf(won)).map((entry) => entry.reason)).toEqual(['Dispute won']);

      const lost = newPurchase();
      await credit(lost);
      await refund(refunded(lost, AMOUNT, { fullyRefunded: true }));
      await dispute(lost, 'lost', 'dp_late_open_lost');
      await dispute(lost, 'open', 'dp_late_open_lost');
      // And a "won" after "lost": a closed dispute stays as it closed.
      await dispute(lost, 'won', 'dp_late_open_lost');
      expect(await packageOf(lost)).toMatchObject({ totalHours: 0, frozenReason: null });
      expect((await ledgerOf(lost)).map((entry) => [entry.kind, entry.reason])).toEqual([
        ['refund', 'Refund of £190.00 of £190.00: 5 hours taken back'],
        ['dispute', 'Dispute lost: the payment was taken back'],
      ]);
      const [row] = await sql<{ status: string }>(
        service.db.url,
        'SELECT status FROM package_disputes WHERE dispute_id = $1',
        ['dp_late_open_lost'],
      );
      expect(row!.status).toBe('lost');
      expect(await queuedEmails(won.email)).toBe(1);
      expect(await queuedEmails(lost.email)).toBe(2);
    }, 60_000);
  });
});

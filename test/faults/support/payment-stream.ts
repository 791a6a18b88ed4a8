import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Fixtures } from '@medtutor/contracts';
import Stripe from 'stripe';
import { type Platform, WEBHOOK_SECRET } from './platform.js';

const signer = new Stripe('sk_test_signer');
const REQUEST_TIMEOUT_MS = 10_000;
const PACKAGE = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' } as const;
const PACKAGE_HOURS = 5;

export interface Student {
  email: string;
  password: string;
  cookie: string;
}

interface Reply {
  status: number;
  body: unknown;
  cookie: string | undefined;
}

/** What a browser on the site sends: JSON, same-origin, the session cookie. Status 0: no answer. */
export async function gatewayRequest(
  platform: Platform,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  try {
    const res = await fetch(`${platform.gatewayUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('sid='));
    return { status: res.status, body: text ? JSON.parse(text) : undefined, cookie: cookie?.split(';')[0] };
  } catch {
    return { status: 0, body: undefined, cookie: undefined };
  }
}

/** Students with an account each, signed in through the gateway (one open checkout per buyer). */
export async function registerStudents(platform: Platform, count: number): Promise<Student[]> {
  const run = randomBytes(4).toString('hex');
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const email = `faults-${run}-${i}@medpath.test`;
    const password = `Fault-${randomBytes(8).toString('hex')}`;
    const reply = await gatewayRequest(platform, 'POST', '/api/register', {
      body: { username: `faults${run}${i}`, email, password, dateOfBirth: Fixtures.adultDateOfBirth },
    });
    if (reply.status !== 201 || !reply.cookie) throw new Error(`register answered ${reply.status}`);
    students.push({ email, password, cookie: reply.cookie });
  }
  return students;
}

export interface StreamOptions {
  payments: number;
  /** A new buyer starts checking out every `intervalMs` (open loop: arrivals do not wait for a fault). */
  intervalMs?: number;
  /** Runs once this many payments are paid, alongside the stream; resolves when the fault ends. */
  fault?: { afterPaid: number; run: () => Promise<void> };
  /** Copies of each webhook event sent at once (Stripe's duplicates and concurrent retries). */
  copies?: number;
  /** Give up retrying a payment's steps this long after the fault ended (or the stream started). */
  giveUpMs?: number;
}

export interface StreamOutcome {
  started: Date;
  /** When the fault ended (the stream's last webhook when there is no fault), epoch ms. */
  faultEnded: number;
  /** Payment ids the gateway handed out whose webhook was accepted. */
  accepted: string[];
  /** When each accepted payment's webhook was first accepted (the moment it was paid), epoch ms. */
  acceptedAt: Map<string, number>;
  /** Every webhook event sent, to deliver again late. */
  events: string[];
  /** Payments that never got through checkout and webhook before giving up. */
  abandoned: number;
  /** Failed attempts (non-2xx or no answer) by step, for the figures. */
  retries: { checkout: number; webhook: number };
}

/**
 * A stream of payments through the front door, as buyers and Stripe make them: a signed-in student
 * checks out through the gateway, pays (the intent set to succeeded in the Stripe stand-in), and
 * Stripe posts the signed `payment_intent.succeeded` webhook to the gateway. A step that fails is
 * retried, as the buyer's page and Stripe's webhook retries would, until the give-up time.
 */
export async function runPaymentStream(
  platform: Platform,
  students: Student[],
  options: StreamOptions,
): Promise<StreamOutcome> {
  const started = new Date();
  const free = [...students];
  const waiting: Array<(student: Student) => void> = [];
  const take = () => new Promise<Student>((resolve) => (free.length ? resolve(free.shift()!) : waiting.push(resolve)));
  const give = (student: Student) => (waiting.length ? waiting.shift()!(student) : free.push(student));
  const outcome: StreamOutcome = {
    started,
    faultEnded: 0,
    accepted: [],
    acceptedAt: new Map(),
    events: [],
    abandoned: 0,
    retries: { checkout: 0, webhook: 0 },
  };
  const giveUpMs = options.giveUpMs ?? 60_000;
  // Until a fault has ended, the stream gives up 2 minutes after starting (a fault that never starts,
  // because nothing gets paid, must not hang the suite); then `giveUpMs` after the fault's end.
  let giveUpAt = Date.now() + (options.fault ? 120_000 : giveUpMs);
  let faultDone: Promise<void> = Promise.resolve();
  let faultStarted = false;

  /** Repeats `attempt` until it answers a 2xx, pausing longer after each failure; false on giving up. */
  const retrying = async (step: 'checkout' | 'webhook', attempt: () => Promise<Reply>): Promise<Reply | undefined> => {
    for (let pause = 100; ; pause = Math.min(pause * 2, 1_000)) {
      const reply = await attempt();
      if (reply.status >= 200 && reply.status < 300) return reply;
      outcome.retries[step] += 1;
      if (Date.now() > giveUpAt) return undefined;
      await sleep(pause);
    }
  };

  const pay = async () => {
    const student = await take();
    try {
      const checkout = await retrying('checkout', () =>
        gatewayRequest(platform, 'POST', '/api/create-payment-intent', { body: PACKAGE, cookie: student.cookie }),
      );
      const intent = checkout?.body as { paymentId: string; clientSecret: string } | undefined;
      if (!intent) return void (outcome.abandoned += 1);
      const intentId = intent.clientSecret.split('_secret_')[0] ?? '';
      platform.stripe.setStatus(intentId, 'succeeded');
      const event = platform.stripe.intentEvent('payment_intent.succeeded', intentId);
      outcome.events.push(event);
      let firstAccepted = Number.POSITIVE_INFINITY;
      const deliveries = await Promise.all(
        Array.from({ length: options.copies ?? 1 }, () =>
          retrying('webhook', () => deliverWebhook(platform, event)).then((reply) => {
            if (reply) firstAccepted = Math.min(firstAccepted, Date.now());
            return reply;
          }),
        ),
      );
      if (deliveries.some((reply) => !reply)) return void (outcome.abandoned += 1);
      outcome.accepted.push(intent.paymentId);
      outcome.acceptedAt.set(intent.paymentId, firstAccepted);
      if (options.fault && !faultStarted && outcome.accepted.length >= options.fault.afterPaid) {
        faultStarted = true;
        faultDone = options.fault.run().then(() => {
          outcome.faultEnded = Date.now();
          giveUpAt = outcome.faultEnded + giveUpMs;
        });
      }
    } finally {
      give(student);
    }
  };

  const all: Array<Promise<void>> = [];
  for (let i = 0; i < options.payments; i++) {
    all.push(pay());
    await sleep(options.intervalMs ?? 50);
  }
  await Promise.all(all);
  await faultDone;
  if (!faultStarted && options.fault) throw new Error(`the fault never ran: ${outcome.accepted.length} paid`);
  if (!options.fault) outcome.faultEnded = Date.now();
  return outcome;
}

/** Stripe's delivery of one event: signed for this attempt (a fresh timestamp, as Stripe signs each). */
export function deliverWebhook(platform: Platform, event: string): Promise<Reply> {
  return fetch(`${platform.gatewayUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
    },
    body: event,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).then(
    async (res) => ({ status: res.status, body: await res.text(), cookie: undefined }),
    () => ({ status: 0, body: undefined, cookie: undefined }),
  );
}

export interface Figures {
  scenario: string;
  payments: number;
  paid: number;
  credited: number;
  lost: number;
  duplicated: number;
  /**
   * Seconds the slowest credit took after the fault's end, or after its payment when that was paid
   * later (its webhook retried once the platform was back); null if some paid payment was never credited.
   */
  convergedS: number | null;
  /** Seconds from the fault's end until the last credit, whatever its payment's time. */
  allCreditedS: number | null;
  boundS: number;
  notes?: string;
}

/**
 * The truth in the databases: catalog-payments' succeeded payments of the scenario (made since it
 * started) against tutoring's packages by payment id. Polls until every paid payment is credited or
 * the deadline passes. Lost: paid, never credited; duplicated: credited more than once or more hours
 * than bought.
 */
export async function settle(
  platform: Platform,
  scenario: string,
  stream: StreamOutcome,
  boundS: number,
  deadlineMs = 30_000,
): Promise<Figures> {
  const deadline = Math.max(Date.now(), stream.faultEnded) + deadlineMs;
  for (;;) {
    const { rows: paid } = await platform.paymentsDb.query<{ id: string; hours: number }>(
      `SELECT id, hours FROM payments WHERE status = 'succeeded' AND created_at >= $1`,
      [stream.started],
    );
    const { rows: credits } = await platform.tutoringDb.query<{
      payment_id: string;
      n: number;
      hours: string;
      credited_ms: number;
    }>(
      `SELECT payment_id, count(*)::int AS n, sum(total_hours)::text AS hours,
              (extract(epoch FROM max(created_at)) * 1000)::float8 AS credited_ms
         FROM user_sessions WHERE payment_id = ANY($1::uuid[]) GROUP BY payment_id`,
      [paid.map((payment) => payment.id)],
    );
    const now = Date.now();
    const lost = paid.length - credits.length;
    if (lost === 0 || now > deadline) {
      const bought = new Map(paid.map((payment) => [payment.id, payment.hours]));
      const duplicated = credits.filter(
        (credit) => credit.n > 1 || Number(credit.hours) > (bought.get(credit.payment_id) ?? PACKAGE_HOURS),
      ).length;
      const lags = credits.map(
        (credit) => credit.credited_ms - Math.max(stream.faultEnded, stream.acceptedAt.get(credit.payment_id) ?? 0),
      );
      const lastCredit = Math.max(stream.faultEnded, ...credits.map((credit) => credit.credited_ms));
      return {
        scenario,
        payments: stream.accepted.length + stream.abandoned,
        paid: paid.length,
        credited: credits.length,
        lost,
        duplicated,
        convergedS: lost === 0 ? Math.max(0, ...lags) / 1000 : null,
        allCreditedS: lost === 0 ? (lastCredit - stream.faultEnded) / 1000 : null,
        boundS,
      };
    }
    await sleep(100);
  }
}

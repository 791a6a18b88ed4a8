import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DeadLetterStream, EventTypes, eventSubject } from '@medtutor/contracts';
import { DeadLetterHeaders, natsAuthOptions, newEvent } from '@medtutor/nest-kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type Exit, httpStatus } from './support/app-process.js';
import { reportFigures } from './support/figures.js';
import {
  deliverWebhook,
  type Figures,
  gatewayRequest,
  registerStudents,
  runPaymentStream,
  settle,
  type Student,
  type StreamOptions,
} from './support/payment-stream.js';
import { APPS, type AppName, Platform, SERVICES } from './support/platform.js';

/**
 * Issue 13's fault scenarios against the whole platform (built apps as processes, private NATS with
 * the platform's users, real PostgreSQL and Redis, the Stripe stand-in). Each scenario runs a stream
 * of payments through the gateway, injects its fault in the middle, and asserts from the databases:
 * no paid payment lost, none credited twice, and every credit within the scenario's bound after the
 * fault ended. One system serves every scenario (scenarios count their own payments), and is healed
 * after each, so one failing scenario does not fail the next.
 */
const PAYMENTS = Number(process.env.FAULTS_PAYMENTS ?? 100);
const FAULT_AFTER_PAID = Math.round(PAYMENTS * 0.4);
const STUDENTS = 40;
const RESTART_BOUND_S = 5;
const OUTAGE_BOUND_S = 10;
const SCENARIO_TIMEOUT_MS = 240_000;
/** What an app has after SIGTERM before Kubernetes' SIGKILL: its 35 s grace period (infra/k8s) less the 5 s preStop pause. */
const SHUTDOWN_GRACE_MS = 30_000;

const platform = new Platform();
let students: Student[];
const suiteStarted = Date.now();

beforeAll(async () => {
  process.stdout.write(`FAULTS ${PAYMENTS} payments per scenario\n`);
  await platform.start();
  students = await registerStudents(platform, STUDENTS);
}, 240_000);

afterAll(async () => {
  await platform.stop();
  process.stdout.write(`FAULTS total: ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s\n`);
}, 120_000);

afterEach(() => heal(), 120_000);

/** Brings the broker and every app back if a failed scenario left them down or unready. */
async function heal(): Promise<void> {
  platform.tutoringDbProxy.restore();
  await platform.nats.restart().catch(() => undefined); // throws when it is running: nothing to do
  const silent: AppName[] = await platform.silentServices();
  for (const name of APPS) {
    const app = platform.apps[name];
    if (app.running && !silent.includes(name) && (await readyWithin(name, 15_000))) continue;
    const state = app.running ? 'unready or deaf to RPCs' : 'down';
    const tail = lastWords(app.output());
    process.stdout.write(`FAULTS heal: restarting ${name} (${state}); its last output:\n${tail}\n`);
    await app.kill('SIGKILL');
    await app.start();
  }
}

/** A process's last words: from the first error line of its last output on (a crash dumps whole objects). */
function lastWords(output: string): string {
  const lines = output.split('\n').slice(-300);
  const error = lines.findIndex((line) => /Unhandled|^\w*Error\b|^\s*throw /.test(line));
  return (error >= 0 ? lines.slice(Math.max(0, error - 2), error + 12) : lines.slice(-15)).join('\n');
}

async function readyWithin(name: AppName, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await httpStatus(platform.apps[name].readyUrl, 1_000)) === 200) return true;
    await sleep(100);
  }
  return false;
}

/** Runs a stream with its fault, settles it against the databases and reports its figures line. */
async function scenario(name: string, boundS: number, options: Omit<StreamOptions, 'payments'>, notes = () => '') {
  const stream = await runPaymentStream(platform, students, { payments: PAYMENTS, ...options });
  const unfinished = stream.abandoned ? ` unfinished=${stream.abandoned}` : '';
  const figures: Figures = { ...(await settle(platform, name, stream, boundS)), notes: `${notes()}${unfinished}` };
  reportFigures(figures);
  return { stream, figures };
}

function expectExact(figures: Figures): void {
  expect({ lost: figures.lost, duplicated: figures.duplicated, payments: figures.payments }).toEqual({
    lost: 0,
    duplicated: 0,
    payments: PAYMENTS,
  });
  expect(figures.paid).toBe(PAYMENTS);
  expect(figures.convergedS).not.toBeNull();
  expect(figures.convergedS!).toBeLessThanOrEqual(figures.boundS);
}

describe('webhooks', () => {
  it(
    'duplicate and concurrent webhooks: each event 3 times at once, then once more late: one credit each',
    async () => {
      const stream = await runPaymentStream(platform, students, { payments: PAYMENTS, copies: 3 });
      // Stripe's late retry of events it already delivered (a lost acknowledgement, say).
      const late = await Promise.all(stream.events.map((event) => deliverWebhook(platform, event)));
      const figures: Figures = {
        ...(await settle(platform, 'duplicate-webhooks', stream, RESTART_BOUND_S)),
        notes: `deliveries=${stream.events.length * 4}`,
      };
      reportFigures(figures);
      expect(late.map((reply) => reply.status)).toEqual(stream.events.map(() => 200));
      expectExact(figures);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

describe('a poison message', () => {
  it(
    'is dead-lettered on its first delivery with its reason; the payments behind it are credited',
    async () => {
      const poison = newEvent(
        EventTypes.paymentSucceeded,
        1,
        { paymentId: 'not-a-uuid', hours: 'five' },
        'faults-poison',
      );
      let published = 0;
      const publish = async () => {
        // Published as catalog-payments (the only user allowed to): a bug of the owner, not a forgery.
        const nc = await connect({
          servers: platform.nats.url,
          ...natsAuthOptions(platform.credentials['catalog-payments']),
        });
        try {
          await jetstream(nc).publish(eventSubject(EventTypes.paymentSucceeded), JSON.stringify(poison), {
            msgID: poison.id,
          });
          published = Date.now();
        } finally {
          await nc.close();
        }
      };
      let letters: Awaited<ReturnType<typeof deadLettersOf>> = [];
      const { figures } = await scenario('poison-message', RESTART_BOUND_S, {
        fault: { afterPaid: FAULT_AFTER_PAID, run: publish },
      });

      // Both consumers of the event (tutoring's credit, reviews' verified purchase) file it.
      const bothConsumers = (found: typeof letters) =>
        ['tutoring-', 'reviews-'].every((prefix) => found.some((letter) => letter.consumer.startsWith(prefix)));
      for (const deadline = published + 30_000; Date.now() < deadline && !bothConsumers(letters); await sleep(200)) {
        letters = await deadLettersOf(poison.id);
      }
      const letteredS = (Math.max(...letters.map((letter) => letter.storedAt)) - published) / 1000;
      process.stdout.write(`FAULTS poison-message: dead-lettered ${letteredS.toFixed(1)} s after its publish\n`);
      expect(bothConsumers(letters)).toBe(true);
      for (const letter of letters) {
        expect({ consumer: letter.consumer, deliveries: letter.deliveries, reason: letter.reason }).toEqual({
          consumer: letter.consumer,
          deliveries: '1',
          reason: expect.stringMatching(/\S/),
        });
      }
      expectExact(figures);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

/** The dead letters holding the event `eventId`, read as the admin user. */
async function deadLettersOf(eventId: string) {
  const nc = await connect({ servers: platform.nats.url, ...natsAuthOptions(platform.credentials.admin) });
  try {
    const jsm = await jetstreamManager(nc);
    const { state } = await jsm.streams.info(DeadLetterStream.name);
    const letters: Array<{ consumer: string; deliveries: string; reason: string; storedAt: number }> = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(DeadLetterStream.name, { seq }).catch(() => null);
      if (!msg || (msg.json<{ id?: string }>().id ?? '') !== eventId) continue;
      letters.push({
        consumer: msg.header.get(DeadLetterHeaders.consumer),
        deliveries: msg.header.get(DeadLetterHeaders.deliveries),
        reason: msg.header.get(DeadLetterHeaders.reason),
        storedAt: msg.time.getTime(),
      });
    }
    return letters;
  } finally {
    await nc.close();
  }
}

describe.each(['SIGKILL', 'SIGTERM'] as const)('%s of a process mid-stream, restarted at once', (signal) => {
  const targets: readonly AppName[] = signal === 'SIGKILL' ? APPS : SERVICES;
  it.each(targets)(
    `%s: nothing lost or duplicated, credits within ${RESTART_BOUND_S} s of the restart`,
    async (name) => {
      let exit: Exit = { code: null, signal: null };
      let stopS = 0;
      let downS = 0;
      const { figures } = await scenario(
        `${signal.toLowerCase()}-${name}`,
        RESTART_BOUND_S,
        {
          fault: {
            afterPaid: FAULT_AFTER_PAID,
            run: async () => {
              const killed = Date.now();
              exit = await platform.apps[name].kill(signal, SHUTDOWN_GRACE_MS);
              stopS = (Date.now() - killed) / 1000;
              await platform.apps[name].start();
              downS = (Date.now() - killed) / 1000;
            },
          },
        },
        () => `stop_s=${stopS.toFixed(1)} down_s=${downS.toFixed(1)}`,
      );
      // A graceful shutdown finishes by itself, with success, inside Kubernetes' grace period.
      if (signal === 'SIGTERM') expect(exit).toEqual({ code: 0, signal: null });
      expectExact(figures);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

describe.each([5, 40])('the broker down %i s mid-stream', (outageS) => {
  it(
    `every process not ready meanwhile, ready again and all credited within ${OUTAGE_BOUND_S} s, no restart`,
    async () => {
      const before = platform.processIds();
      const readyDuring: AppName[] = [];
      let readyAgainS = Number.NaN;
      const { figures } = await scenario(
        `broker-down-${outageS}s`,
        OUTAGE_BOUND_S,
        {
          fault: {
            afterPaid: FAULT_AFTER_PAID,
            run: async () => {
              await platform.nats.kill();
              await sleep(Math.min(3_000, (outageS * 1000) / 2));
              for (const name of APPS) {
                if ((await httpStatus(platform.apps[name].readyUrl)) === 200) readyDuring.push(name);
              }
              await sleep(outageS * 1000 - Math.min(3_000, (outageS * 1000) / 2));
              await platform.nats.restart();
              const back = Date.now();
              void Promise.all(APPS.map((name) => readyWithin(name, 60_000))).then(
                (ready) => (readyAgainS = ready.every(Boolean) ? (Date.now() - back) / 1000 : Number.POSITIVE_INFINITY),
              );
            },
          },
        },
        () => `ready_again_s=${readyAgainS.toFixed(1)}`,
      );
      expect(readyDuring).toEqual([]);
      expect(readyAgainS).toBeLessThanOrEqual(OUTAGE_BOUND_S);
      expect(platform.processIds()).toEqual(before);
      expectExact(figures);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

describe("tutoring's database unreachable for 20 s mid-stream", () => {
  it(
    'tutoring answers a fast 503, the rest of the site works, all credited within 10 s, no restart',
    async () => {
      const before = platform.processIds();
      const observed: Array<Record<string, unknown>> = [];
      const student = students[0]!;
      const observe = async () => {
        const timed = async (request: () => Promise<{ status: number; body?: unknown }>) => {
          const started = Date.now();
          const reply = await request();
          return { status: reply.status, body: reply.body, ms: Date.now() - started };
        };
        observed.push({
          tutoringRoute: await timed(() =>
            gatewayRequest(platform, 'GET', '/api/user/sessions', { cookie: student.cookie }),
          ),
          catalogRoute: (await gatewayRequest(platform, 'GET', '/api/catalog')).status,
          signIn: (
            await gatewayRequest(platform, 'POST', '/api/login', {
              body: { email: student.email, password: student.password },
            })
          ).status,
          gatewayReady: await httpStatus(platform.apps.gateway.readyUrl),
          tutoringRunning: platform.apps.tutoring.running,
        });
      };
      const { figures } = await scenario('tutoring-db-unreachable-20s', OUTAGE_BOUND_S, {
        fault: {
          afterPaid: FAULT_AFTER_PAID,
          run: async () => {
            platform.tutoringDbProxy.cut();
            const cut = Date.now();
            for (const at of [3_000, 12_000]) {
              await sleep(at - (Date.now() - cut));
              await observe();
            }
            await sleep(20_000 - (Date.now() - cut));
            platform.tutoringDbProxy.restore();
          },
        },
      });
      for (const seen of observed) {
        expect(seen).toEqual({
          tutoringRoute: {
            status: 503,
            body: { statusCode: 503, code: expect.any(String), message: expect.any(String) },
            ms: expect.any(Number),
          },
          catalogRoute: 200,
          signIn: 200,
          gatewayReady: 200,
          tutoringRunning: true,
        });
        expect((seen.tutoringRoute as { ms: number }).ms).toBeLessThan(5_000);
      }
      expect(platform.processIds()).toEqual(before);
      expectExact(figures);
    },
    SCENARIO_TIMEOUT_MS,
  );
});

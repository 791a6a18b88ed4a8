// The load of `npm run bench:soak` against a running system (bench/soak/soak.sh starts one, or pass
// --base-url): public reads, registrations, purchases completed with the demo card (the payment's
// event credits the package, as the provider's webhook does in production), students' dashboard reads
// and the admin's lists, each kind at a steady rate, for --duration. Every process's memory is read
// from its /metrics at start, after the warm-up and at the end. Prints the tables, writes
// test-results/soak.json and exits 1 on any error (and on memory growth with --enforce-memory).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogSubjects, DemoCards, Fixtures, isSubjectAvailable } from '@medtutor/contracts';
import { adminCookie } from '../web/session.mjs';
import { memoryFigures, memoryOf, parseArgs, parseProbePorts, render, routeFigures, verdict } from './figures.mjs';

const varDir = process.env.MEDTUTOR_VAR_DIR ?? resolve(import.meta.dirname, '../../.var');
let options;
try {
  options = parseArgs(process.argv.slice(2), {
    baseUrl: process.env.BENCH_BASE_URL,
    probePortsFile: resolve(varDir, 'probe-ports'),
  });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(options.help);
  process.exit(0);
}

const { baseUrl, durationSeconds, warmupSeconds, rates } = options;
/** A request that has not answered by then counts as an error (the gateway's own deadline is 3 s). */
const REQUEST_TIMEOUT_MS = 10_000;
/** How long a purchase may take from the confirmed payment to the package in the student's list. */
const CREDIT_TIMEOUT_MS = 20_000;
/** Flows in flight at once; a tick that finds every slot taken is skipped and counted, never queued. */
const MAX_IN_FLIGHT = 32;

// --- recording ---------------------------------------------------------------------------------

const recorded = {};
const skipped = Object.fromEntries(Object.keys(rates).map((kind) => [kind, 0]));
const routeOf = (name) => (recorded[name] ??= { durationsMs: [], errors: {} });
const countError = (name, outcome) => {
  const { errors } = routeOf(name);
  errors[outcome] = (errors[outcome] ?? 0) + 1;
};

/**
 * One request, timed to the last byte of its body and recorded under `name`. Any status but 2xx, or no
 * answer, is an error of that route; returns the reply (with its body read) or undefined.
 */
async function request(name, path, { method = 'GET', body, cookie } = {}) {
  const started = performance.now();
  try {
    const reply = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await reply.text();
    routeOf(name).durationsMs.push(performance.now() - started);
    if (reply.status < 200 || reply.status > 299) {
      countError(name, String(reply.status));
      return undefined;
    }
    return { reply, text };
  } catch (error) {
    countError(
      name,
      `network: ${error.name === 'TimeoutError' ? 'no answer in 10 s' : (error.cause?.code ?? error.name)}`,
    );
    return undefined;
  }
}

/** The session cookie a reply sets, as a Cookie header. */
const cookieOf = (reply) =>
  reply.headers
    .getSetCookie()
    .map((header) => header.split(';')[0].trim())
    .join('; ');

// --- the kinds of load ---------------------------------------------------------------------------

/** Public reads and pages, in turn; the static asset is one the home page names (found at setup). */
const publicReads = [
  ['GET /api/testimonials', '/api/testimonials'],
  ['GET /api/tutors', '/api/tutors'],
  ['GET /api/catalog', '/api/catalog'],
  ['GET /', '/'],
  ['GET /about', '/about'],
  ['GET /medical-school-interviews', '/medical-school-interviews'],
];

/** The admin dashboard's lists, in turn. */
const adminLists = [
  '/api/admin/users',
  '/api/admin/payments',
  '/api/testimonials/pending',
  '/api/admin/tutors',
  '/api/admin/free-trial-requests',
  '/api/admin/payslips',
  '/api/admin/payments/conflicts',
  '/api/admin/revenue?weeks=12',
];

/** Signed-in students (Cookie headers), each registered by this run. */
const students = [];
let admin;
let registrations = 0;
const subject = CatalogSubjects.find(isSubjectAvailable);

async function browse(turn) {
  const [name, path] = publicReads[turn % publicReads.length];
  await request(name, path);
}

/** The student dashboard's first view: profile, packages and bookings at once. */
async function dashboard() {
  const cookie = students[Math.floor(Math.random() * students.length)];
  if (!cookie) return;
  await Promise.all([
    request('GET /api/user', '/api/user', { cookie }),
    request('GET /api/user/sessions', '/api/user/sessions', { cookie }),
    request('GET /api/bookings', '/api/bookings', { cookie }),
  ]);
}

async function adminList(turn) {
  const path = adminLists[turn % adminLists.length];
  await request(`GET ${path}`, path, { cookie: admin });
}

/** A new adult student; every other one then buys a 5-hour package. */
async function register() {
  const number = ++registrations;
  const stamp = `${process.pid}${Date.now()}${number}`;
  const registered = await request('POST /api/register', '/api/register', {
    method: 'POST',
    body: {
      username: `soak${stamp}`,
      email: `soak-${stamp}@example.com`,
      password: 'soak-student-password-1',
      dateOfBirth: Fixtures.adultDateOfBirth,
    },
  });
  if (!registered) return;
  const cookie = cookieOf(registered.reply);
  students.push(cookie);
  if (number % 2 === 0) await buy(cookie);
}

/**
 * What the checkout page does (e2e/support/purchases.ts): an intent, the demo card's confirmation,
 * then the package appears once tutoring has taken the payment's event. The time from confirmation
 * to the credited package is recorded as its own line.
 */
async function buy(cookie) {
  const intent = await request('POST /api/create-payment-intent', '/api/create-payment-intent', {
    method: 'POST',
    cookie,
    body: { subject, packageType: 'package5', currency: 'GBP' },
  });
  if (!intent) return;
  const { paymentId, clientSecret } = JSON.parse(intent.text);
  const confirmed = await request('POST /api/payments/demo/confirm', '/api/payments/demo/confirm', {
    method: 'POST',
    cookie,
    body: { paymentId, clientSecret, cardNumber: DemoCards.succeeds },
  });
  if (!confirmed) return;
  const credit = 'payment confirmed → package credited';
  if (JSON.parse(confirmed.text).status !== 'succeeded') return countError(credit, 'payment not succeeded');
  const started = performance.now();
  while (performance.now() - started < CREDIT_TIMEOUT_MS) {
    const reply = await fetch(new URL('/api/user/sessions', baseUrl), { headers: { cookie } }).catch(() => undefined);
    const packages = reply?.ok ? await reply.json() : [];
    // Each buyer buys once: a package in the list is this payment's.
    if (packages.length > 0) {
      routeOf(credit).durationsMs.push(performance.now() - started);
      return;
    }
    await sleep(25);
  }
  countError(credit, `not credited within ${CREDIT_TIMEOUT_MS / 1000} s`);
}

// --- memory ------------------------------------------------------------------------------------

const probePorts =
  options.probePortsFile && existsSync(options.probePortsFile)
    ? parseProbePorts(readFileSync(options.probePortsFile, 'utf8'))
    : [];

/** Each process's memory now, from its probe port's /metrics; a process that does not answer is left out. */
async function memoryNow() {
  const entries = await Promise.all(
    probePorts.map(async ({ process: name, port }) => {
      try {
        const reply = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
        return reply.ok ? [[name, memoryOf(await reply.text())]] : [];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat());
}

// --- the run -----------------------------------------------------------------------------------

let inFlight = 0;

/** Starts `flow(turn)` `rate` times a second until `endsAt`, on a fixed schedule that does not drift. */
async function steadily(kind, rate, endsAt, flow) {
  if (rate <= 0) return;
  const interval = 1000 / rate;
  const started = performance.now();
  const running = new Set();
  for (let turn = 0; ; turn++) {
    const due = started + turn * interval;
    if (due >= endsAt) break;
    await sleep(Math.max(0, due - performance.now()));
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped[kind] += 1;
      continue;
    }
    inFlight += 1;
    const run = flow(turn).finally(() => {
      inFlight -= 1;
      running.delete(run);
    });
    running.add(run);
  }
  await Promise.all(running);
}

// Setup: the admin's session, a first student for the dashboards, and the home page's first script.
admin = await adminCookie(baseUrl);
await register();
const home = await (await fetch(new URL('/', baseUrl))).text();
const asset = /<script[^>]+src="(\/[^"]+\.js)"/.exec(home)?.[1];
if (asset) publicReads.push(['GET /<home page script>', asset]);
for (const route of Object.keys(recorded)) delete recorded[route];
registrations = 0;

const memory = { start: await memoryNow() };
const samples = [{ atSeconds: 0, memory: memory.start }];
const runStarted = performance.now();
const endsAt = runStarted + durationSeconds * 1000;
console.log(
  `Soak of ${baseUrl} for ${durationSeconds} s (per second: ${Object.entries(rates)
    .map(([kind, rate]) => `${kind} ${rate}`)
    .join(', ')}); memory of ${probePorts.length} processes`,
);

// Memory every 30 s beside the three named moments, so soak.json shows the curve, not three points.
const sampler = (async () => {
  let warmTaken = false;
  while (performance.now() < endsAt) {
    const elapsed = (performance.now() - runStarted) / 1000;
    const nextSample = Math.ceil((elapsed + 0.001) / 30) * 30;
    const next = !warmTaken && warmupSeconds < nextSample ? warmupSeconds : nextSample;
    if (next >= durationSeconds) break;
    await sleep((next - elapsed) * 1000);
    const now = await memoryNow();
    samples.push({ atSeconds: next, memory: now });
    if (next === warmupSeconds) {
      memory.warm = now;
      warmTaken = true;
      console.log(`warm-up done after ${warmupSeconds} s`);
    }
  }
})();

await Promise.all([
  steadily('browse', rates.browse, endsAt, browse),
  steadily('dashboard', rates.dashboard, endsAt, dashboard),
  steadily('admin', rates.admin, endsAt, adminList),
  steadily('register', rates.register, endsAt, register),
  sampler,
]);
memory.end = await memoryNow();
samples.push({ atSeconds: Math.round((performance.now() - runStarted) / 1000), memory: memory.end });

const routes = routeFigures(recorded);
const memoryRows = memoryFigures(memory, samples, warmupSeconds);
const outcome = verdict({ routes, memory: memoryRows, enforceMemory: options.enforceMemory });
console.log(
  `\n${render({ baseUrl, durationSeconds, warmupSeconds, routes, memory: memoryRows, verdict: outcome, skipped })}`,
);

await mkdir(dirname(options.output), { recursive: true });
await writeFile(
  options.output,
  `${JSON.stringify(
    {
      baseUrl,
      durationSeconds,
      warmupSeconds,
      rates,
      registrations,
      routes,
      memory: memoryRows,
      samples,
      skipped,
      enforceMemory: options.enforceMemory,
      ok: outcome.ok,
      failures: outcome.failures,
      warnings: outcome.warnings,
    },
    null,
    2,
  )}\n`,
);
process.exit(outcome.ok ? 0 : 1);

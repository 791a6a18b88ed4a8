// The API read path under load (issue 27), against a running system at BENCH_BASE_URL, with a bare
// node:http server loaded the same way in the same run as the yardstick:
//   public reads (testimonials, tutors), signed-in reads (GET /api/user, the student's packages),
//   logins per second at the configured argon2id cost while public reads run beside them at a steady rate.
// Prints a table and writes test-results/bench-http.json. A bench: it reports, it does not judge —
// except that any failed request is an error (exit 1), since a fast wrong answer is no figure.
//   BENCH_BASE_URL (default http://localhost:8080), BENCH_SECONDS per load (default 10),
//   BENCH_LOGIN_CONCURRENCY (default 4), BENCH_BACKGROUND_READS per second beside logins (default 1000).
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { bareYardstick, load, shareOf } from './load.mjs';
import { registerStudents, seedTestimonials, signIn } from './accounts.mjs';
import { renderTable, TARGETS } from './report.mjs';

const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:8080';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const loginConcurrency = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 4);
const backgroundReads = Number(process.env.BENCH_BACKGROUND_READS ?? 1000);
const url = (path) => new URL(path, baseUrl).toString();

/** Logins as fast as `concurrency` callers can make them, cycling through `accounts`, for `seconds`. */
async function loginLoad(accounts, concurrency, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    while (performance.now() < until) {
      const account = accounts[next++ % accounts.length];
      const reply = await fetch(url('/api/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }).catch(() => null);
      if (reply?.ok) done++;
      else failed++;
      await reply?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return { loginsPerSecond: done / ((performance.now() - started) / 1000), logins: done, errors: failed };
}

const results = { baseUrl, seconds, at: new Date().toISOString(), figures: {} };
const record = (name, figures) => {
  results.figures[name] = figures;
  console.log(`  ${name}: ${JSON.stringify(figures)}`);
};

console.log(`bench:http against ${baseUrl}, ${seconds} s per load`);
await seedTestimonials(baseUrl, 12);
const tutorsBody = await (await fetch(url('/api/tutors'))).text();
const student = (await registerStudents(baseUrl, 1))[0];
const studentCookie = await signIn(baseUrl, student);
// Accounts for the login load: the per-address-and-email limit (5 in 15 minutes by default) is raised
// for the bench's own system, but cycling through many accounts keeps the load realistic anyway.
const loginAccounts = await registerStudents(baseUrl, 40);

// The yardstick is measured at the start and again at the end, and the better of the two is kept:
// a machine briefly busy elsewhere (a service's start-up job) would otherwise flatter every ratio.
const bareAtStart = await bareYardstick(tutorsBody, seconds);
let bare = bareAtStart;
record('bare node:http', bare);
for (const path of ['/api/testimonials', '/api/tutors']) {
  const figures = await load({ url: url(path), seconds });
  record(`GET ${path}`, { ...figures, shareOfBare: shareOf(figures.requestsPerSecond, bare.requestsPerSecond) });
}
for (const path of ['/api/user', '/api/user/sessions']) {
  const figures = await load({ url: url(path), seconds, headers: { cookie: studentCookie } });
  record(`GET ${path} (signed in)`, {
    ...figures,
    shareOfBare: shareOf(figures.requestsPerSecond, bare.requestsPerSecond),
  });
}
const bareAtEnd = await bareYardstick(tutorsBody, seconds);
bare = bareAtEnd.requestsPerSecond > bareAtStart.requestsPerSecond ? bareAtEnd : bareAtStart;
record('bare node:http', { ...bare, atStart: bareAtStart.requestsPerSecond, atEnd: bareAtEnd.requestsPerSecond });
for (const figures of Object.values(results.figures)) {
  if (figures.shareOfBare !== undefined)
    figures.shareOfBare = shareOf(figures.requestsPerSecond, bare.requestsPerSecond);
}
const [logins, readsBeside] = await Promise.all([
  loginLoad(loginAccounts, loginConcurrency, seconds),
  load({ url: url('/api/testimonials'), seconds, rate: backgroundReads, connections: 20 }),
]);
record('POST /api/login beside reads', logins);
record(`GET /api/testimonials at ${backgroundReads}/s beside logins`, readsBeside);

console.log(renderTable(results.figures, TARGETS));
await mkdir('test-results', { recursive: true });
await writeFile('test-results/bench-http.json', `${JSON.stringify(results, null, 2)}\n`);
const failures = Object.entries(results.figures).filter(([, f]) => (f.errors ?? 0) + (f.non2xx ?? 0) > 0);
if (failures.length) {
  console.error(`failed requests in: ${failures.map(([name]) => name).join(', ')}`);
  process.exit(1);
}

// `npm run bench:web [-- --enforce] [--runs N] [--only /path,/path]`: Lighthouse (its default mobile
// profile: emulated phone, simulated slow 4G and 4x CPU slowdown) against a running system
// (BENCH_BASE_URL, default http://localhost:8080), for every route of the budgets: the public pages,
// and /my-tutoring and /admin-dashboard signed in (a new student; the seeded admin). Three runs per
// route by default; the medians of each figure are compared with the budgets (bench/web/budgets.mjs).
// Beside them, from one load of each route in Playwright (bench/web/browser.mjs), the JavaScript
// fetched at start-up and until the first view is complete, as a gzip-only browser downloads it.
// Prints a table and writes test-results/bench-web.json. A bench: it reports and exits 0, unless
// --enforce is given, when a missed budget exits 1 naming the figure.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { budgetsFor, formatValue, medians, metrics, missLines, routes, table, verdicts } from './budgets.mjs';
import { firstViewJs, launchChromium } from './browser.mjs';
import { sessions } from './session.mjs';

const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:8080';

const option = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const enforce = process.argv.includes('--enforce');
const runs = Number(option('--runs') ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const only = option('--only')?.split(',');
const selected = only ? routes.filter((route) => only.includes(route.path)) : routes;
if (selected.length === 0) throw new Error(`--only ${only}: none of ${routes.map((r) => r.path).join(', ')}`);

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const categories = {
  performance: 'performance',
  accessibility: 'accessibility',
  seo: 'seo',
  bestPractices: 'best-practices',
};

/** The figures of one Lighthouse run; null for those it could not measure. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) => (lhr.categories[id]?.score == null ? null : lhr.categories[id].score * 100);
  return {
    ...Object.fromEntries(Object.entries(categories).map(([key, id]) => [key, score(id)])),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

/** The start-up and first-view JavaScript of each route, measured like check:web-budgets. */
async function javaScriptOf(route, cookie) {
  const browser = await launchChromium();
  try {
    const measured = await firstViewJs(browser, new URL(route.path, baseUrl).href, { cookie });
    return { startUpJsKb: measured.startUp.kb, jsKb: measured.firstView.kb, scripts: measured.firstView.count };
  } finally {
    await browser.close();
  }
}

const cookieFor = sessions(baseUrl);
const results = [];
console.log(`Lighthouse, mobile profile, ${runs} run(s) per route, medians, ${baseUrl}`);
for (const route of selected) {
  // A Chrome of its own per route (a fresh profile): Lighthouse keeps cookies between runs, and a
  // session cookie the server renewed for one route's user must not sign in the next route's.
  const chrome = await chromeLauncher.launch({
    // The full browser: Lighthouse's scores are what a phone's Chrome would show (docs/adr/0096).
    chromePath: process.env.LIGHTHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    const cookie = route.signedIn ? await cookieFor(route.signedIn) : undefined;
    const url = new URL(route.path, baseUrl).href;
    const perRun = [];
    const problems = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.values(categories),
        // The not-found page is measured as sent, with its 404 (Lighthouse refuses such a page otherwise).
        ignoreStatusCode: route.status === 404,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (lhr.runtimeError) problems.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (route.signedIn && landed !== route.path) {
        throw new Error(`${route.path} went to ${landed}: the ${route.signedIn} session did not hold`);
      }
      perRun.push(figures(lhr));
    }
    const javaScript = await javaScriptOf(route, cookie);
    const median = { ...medians(perRun), ...javaScript };
    const list = verdicts(budgetsFor(route), median);
    results.push({ route, runs: perRun, median, verdicts: list, problems: [...new Set(problems)] });
    console.log(`  ${route.path}: done`);
  } finally {
    await chrome.kill();
  }
}

// One row per route; a figure over its budget is marked with "!", one without a budget with nothing.
const columns = [
  'startUpJsKb',
  'jsKb',
  'performance',
  'accessibility',
  'seo',
  'bestPractices',
  'lcpMs',
  'tbtMs',
  'cls',
];
const cell = ({ median, verdicts: list }, key) => {
  const verdict = list.find((item) => item.key === key);
  return `${formatValue(key, median[key] ?? null)}${verdict && !verdict.ok ? ' !' : ''}`;
};
console.log(`\nLighthouse: medians of ${runs}; JavaScript: one load in Playwright (! = over budget)\n`);
console.log(
  table(
    ['route', ...columns.map((key) => metrics[key].label)],
    results.map((result) => [result.route.path, ...columns.map((key) => cell(result, key))]),
  ),
);
for (const { route, problems } of results) {
  for (const problem of problems) console.log(`\n${route.path}: Lighthouse: ${problem}`);
}

await mkdir('test-results', { recursive: true });
await writeFile(
  'test-results/bench-web.json',
  `${JSON.stringify(
    {
      baseUrl,
      measuredAt: new Date().toISOString(),
      lighthouse: 'default mobile profile',
      runs,
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverage: loadavg() },
      routes: results.map(({ route, runs: perRun, median, verdicts: list, problems }) => ({
        path: route.path,
        median,
        runs: perRun,
        budgets: Object.fromEntries(list.map((verdict) => [verdict.key, verdict.budget])),
        missed: list.filter((verdict) => !verdict.ok).map((verdict) => verdict.key),
        problems,
      })),
    },
    null,
    2,
  )}\n`,
);
console.log('\nWritten: test-results/bench-web.json');

const misses = missLines(results);
if (misses.length > 0) {
  console.log(`\n${misses.length} budget(s) missed:`);
  for (const line of misses) console.log(`  ${line}`);
  if (enforce) process.exit(1);
}

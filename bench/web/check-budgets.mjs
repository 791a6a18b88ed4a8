// `npm run check:web-budgets [-- --enforce] [--files] [--public] [--only /path,…] [--except /path,…]`: the JavaScript each
// route of the budgets fetches until its first view is complete (no interaction), as a gzip-only
// browser downloads it, against its budget (150 KB public pages, 300 KB dashboards), on the built
// system running at BENCH_BASE_URL (default http://localhost:8080). Prints "route  start-up  first
// view  budget  ok/MISS" and writes test-results/web-budgets.json (--files also prints each file); with
// --enforce a miss exits 1, naming the figure and the budget.
//
// Measured in the browser rather than read from the build's manifests: the shell is a Module
// Federation host whose runtime decides at run time which shared chunks and, on a dashboard, which
// remote files to fetch, and a dashboard imports parts of its first view once their data arrives, so
// only loading the page knows the exact set (bench/web/browser.mjs says when a first view is complete).
// Every file counted is a file of frontends/*/dist as the gateway serves it.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { budgetsFor, formatBudget, formatValue, missLines, publicRoutes, routes, table, verdicts } from './budgets.mjs';
import { baseUrl, firstViewJs, launchChromium } from './browser.mjs';
import { sessions } from './session.mjs';

const enforce = process.argv.includes('--enforce');
const verbose = process.argv.includes('--files');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1]?.split(',');
// --public: the public routes only; --except: all but those (CI enforces every route).
const exceptIndex = process.argv.indexOf('--except');
const except = exceptIndex === -1 ? [] : (process.argv[exceptIndex + 1]?.split(',') ?? []);
const candidates = (process.argv.includes('--public') ? publicRoutes : routes).filter(
  (route) => !except.includes(route.path),
);
const selected = only ? candidates.filter((route) => only.includes(route.path)) : candidates;
if (selected.length === 0) throw new Error(`--only ${only}: none of ${routes.map((r) => r.path).join(', ')}`);

/** The build file the gateway serves at a URL path (gateway/src/http/static-frontends.ts). */
const buildFile = (path) => {
  const remote = /^\/remotes\/([a-z]+)\/(.*)$/.exec(path);
  return remote ? `frontends/${remote[1]}/dist/${remote[2]}` : `frontends/shell/dist${path}`;
};

const cookieFor = sessions(baseUrl);
const browser = await launchChromium();
const results = [];
try {
  for (const route of selected) {
    const cookie = route.signedIn ? await cookieFor(route.signedIn) : undefined;
    const measured = await firstViewJs(browser, new URL(route.path, baseUrl).href, { cookie });
    if (route.signedIn && measured.finalPath !== route.path) {
      throw new Error(`${route.path} went to ${measured.finalPath}: the ${route.signedIn} session did not hold`);
    }
    const { jsKb } = budgetsFor(route);
    results.push({ route, measured, verdicts: verdicts({ jsKb }, { jsKb: measured.firstView.kb }) });
  }
} finally {
  await browser.close();
}

// A file the build did not write means this is not the build's output (another server at the URL?).
const foreign = [...new Set(results.flatMap(({ measured }) => measured.files.map((file) => file.url)))].filter(
  (url) => !existsSync(buildFile(url)),
);
if (foreign.length > 0) console.log(`Not files of frontends/*/dist (built elsewhere?): ${foreign.join(', ')}\n`);

const figure = ({ kb, count }) => `${formatValue('jsKb', kb)} in ${count}`;
console.log(
  `JavaScript until the first view is complete (as a gzip-only browser downloads it) per route, ${baseUrl}\n`,
);
console.log(
  table(
    ['route', 'start-up', 'first view', 'budget', 'ok/MISS'],
    results.map(({ route, measured, verdicts: [verdict] }) => [
      route.path,
      figure(measured.startUp),
      figure(measured.firstView),
      formatBudget('jsKb', verdict.budget),
      verdict.ok ? 'ok' : 'MISS',
    ]),
  ),
);
// Sent whole instead of compressed: the build wrote no compressed copy (frontends/precompress-plugin.ts).
const uncompressed = results.flatMap(({ measured }) =>
  measured.files.filter((file) => file.encoding === 'none' && file.bytes >= 1024).map((file) => file.url),
);
if (uncompressed.length > 0) console.log(`\nSent uncompressed: ${[...new Set(uncompressed)].join(', ')}`);
if (verbose) {
  for (const { route, measured } of results) {
    console.log(`\n${route.path}  (KB as sent, KB gzipped at level 9, s = start-up)`);
    for (const file of measured.files) {
      const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
      console.log(`  ${kb(file.sentBytes)} ${kb(file.gzipBytes)}  ${file.startUp ? 's' : ' '}  ${file.url}`);
    }
  }
}

await mkdir('test-results', { recursive: true });
await writeFile(
  'test-results/web-budgets.json',
  `${JSON.stringify(
    {
      baseUrl,
      measuredAt: new Date().toISOString(),
      routes: results.map(({ route, measured, verdicts: [verdict] }) => ({
        path: route.path,
        jsKb: Number(measured.firstView.kb.toFixed(1)),
        scripts: measured.firstView.count,
        startUpJsKb: Number(measured.startUp.kb.toFixed(1)),
        startUpScripts: measured.startUp.count,
        headerKb: Number(measured.firstView.headerKb.toFixed(1)),
        budgetKb: verdict.budget,
        ok: verdict.ok,
        files: measured.files,
      })),
    },
    null,
    2,
  )}\n`,
);

const misses = missLines(results);
if (misses.length > 0) {
  console.log(`\n${misses.length} of ${results.length} routes over budget:`);
  for (const line of misses) console.log(`  ${line}`);
  if (enforce) process.exit(1);
}

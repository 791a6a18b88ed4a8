// The web budgets of issues 15 and 27 and the arithmetic both web checks share (`npm run bench:web`,
// Lighthouse; `npm run check:web-budgets`, the JavaScript a route fetches until its first view is
// complete). No I/O here, so it is unit-tested (test/scripts/web-budgets.spec.ts).
import { gzipSync, constants } from 'node:zlib';

/** A path no route matches: the gateway answers it with the prerendered not-found page and a 404. */
export const notFoundPath = '/this-page-does-not-exist';

/**
 * The routes the budgets name. `name` is the route's file name in reports and screenshots;
 * `signedIn` is who must be signed in to see the route's own page (else it shows sign-in); `status`
 * is the HTTP status the page comes with when it is not 200.
 */
export const routes = [
  { name: 'home', path: '/', kind: 'public', lighthouseScore: true },
  { name: 'ucat', path: '/ucat', kind: 'public' },
  // "One subject page" of the performance-score list.
  { name: 'medical-school-interviews', path: '/medical-school-interviews', kind: 'public', lighthouseScore: true },
  { name: 'medical-school-support', path: '/medical-school-support', kind: 'public' },
  { name: 'about', path: '/about', kind: 'public', lighthouseScore: true },
  { name: 'privacy-policy', path: '/privacy-policy', kind: 'public' },
  { name: 'terms', path: '/terms', kind: 'public' },
  { name: 'contact', path: '/contact', kind: 'public', lighthouseScore: true },
  { name: 'auth', path: '/auth', kind: 'public', lighthouseScore: true },
  { name: 'payment-success', path: '/payment-success', kind: 'public' },
  { name: 'not-found', path: notFoundPath, kind: 'public', status: 404 },
  { name: 'my-tutoring', path: '/my-tutoring', kind: 'dashboard', signedIn: 'student' },
  { name: 'admin-dashboard', path: '/admin-dashboard', kind: 'dashboard', signedIn: 'admin' },
];

export const publicRoutes = routes.filter((route) => route.kind === 'public');

/**
 * The budgets. Every public route (issue 15): its JavaScript until the first view is complete, LCP,
 * TBT, CLS and the accessibility, SEO and best-practices scores; the performance score only on the
 * five routes marked `lighthouseScore`. Dashboards (issue 27): the same JavaScript figure, the
 * performance score, LCP, TBT and CLS.
 */
const publicBudgets = {
  jsKb: 150,
  lcpMs: 1800,
  tbtMs: 150,
  cls: 0.05,
  accessibility: 95,
  seo: 95,
  bestPractices: 95,
};
const dashboardBudgets = { jsKb: 300, performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

/** The budgets of one route (a subset of jsKb, performance, lcpMs, tbtMs, cls and the three category scores). */
export function budgetsFor(route) {
  if (route.kind === 'dashboard') return { ...dashboardBudgets };
  const budgets = { ...publicBudgets, ...(route.lighthouseScore ? { performance: 95 } : {}) };
  // Lighthouse's SEO category fails any page sent with a 404, which is what a missing page must get.
  if (route.status === 404) delete budgets.seo;
  return budgets;
}

/**
 * Each figure: how it is labelled and formatted, and which way the budget goes (`max`: at most,
 * `min`: at least).
 */
export const metrics = {
  // Every script until the first view is complete, as a gzip-only browser downloads it (bench/web/browser.mjs).
  jsKb: { label: 'first-view JS (gzip)', unit: 'KB', kind: 'max', format: (v) => `${v.toFixed(1)} KB` },
  // The part of it asked for before the load event; reported beside it, never budgeted.
  startUpJsKb: { label: 'start-up JS (gzip)', unit: 'KB', kind: 'max', format: (v) => `${v.toFixed(1)} KB` },
  performance: { label: 'performance', kind: 'min', format: (v) => String(Math.round(v)) },
  accessibility: { label: 'accessibility', kind: 'min', format: (v) => String(Math.round(v)) },
  seo: { label: 'SEO', kind: 'min', format: (v) => String(Math.round(v)) },
  bestPractices: { label: 'best practices', kind: 'min', format: (v) => String(Math.round(v)) },
  lcpMs: { label: 'LCP', kind: 'max', format: (v) => `${(v / 1000).toFixed(2)} s` },
  tbtMs: { label: 'TBT', kind: 'max', format: (v) => `${Math.round(v)} ms` },
  cls: { label: 'CLS', kind: 'max', format: (v) => v.toFixed(3) },
};

/** The median of some numbers (mean of the middle two for an even count); null when there are none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each figure over several runs (each run an object of figures). */
export function medians(runs) {
  const keys = new Set(runs.flatMap((run) => Object.keys(run)));
  return Object.fromEntries([...keys].map((key) => [key, median(runs.map((run) => run[key]))]));
}

/**
 * Gzipped size in bytes of a file, or in KB (1 KB = 1024 bytes) of some files, each gzipped on its own at the level the
 * build's precompressed copies use (frontends/precompress-plugin.ts): what a file would cost
 * served compressed, for the source-map make-up (bench/web/js-makeup.mjs), whose server sends files
 * as they are. The budgets count what the gateway actually sends (bench/web/browser.mjs).
 */
export const gzippedBytes = (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
export const gzippedKb = (bodies) => bodies.reduce((sum, body) => sum + gzippedBytes(body), 0) / 1024;

/**
 * Compares a route's measured figures with its budgets: one verdict per budgeted figure. A figure
 * that was not measured (missing, null, NaN) misses its budget: a check that could not measure must
 * not pass.
 */
export function verdicts(budgets, figures) {
  return Object.entries(budgets).map(([key, budget]) => {
    const value = figures[key];
    const measured = typeof value === 'number' && Number.isFinite(value);
    const { kind } = metrics[key];
    // Scores are reported rounded (Lighthouse shows 94.6 as 95), so they are compared rounded too.
    const compared = measured && kind === 'min' ? Math.round(value) : value;
    const ok = measured && (kind === 'max' ? compared <= budget : compared >= budget);
    return { key, value: measured ? value : null, budget, ok };
  });
}

/** "1.80 s", "<= 1.80 s", ">= 95": a figure or a budget as the reports print it. */
export const formatValue = (key, value) => (value === null ? 'not measured' : metrics[key].format(value));
export const formatBudget = (key, budget) => `${metrics[key].kind === 'max' ? '<=' : '>='} ${formatValue(key, budget)}`;

/** One line per missed budget, naming the route, the figure and the budget (what a failing CI run prints). */
export function missLines(results) {
  return results.flatMap(({ route, verdicts: list }) =>
    list
      .filter((verdict) => !verdict.ok)
      .map(
        (verdict) =>
          `${route.path}: ${metrics[verdict.key].label} ${formatValue(verdict.key, verdict.value)}, budget ${formatBudget(verdict.key, verdict.budget)}`,
      ),
  );
}

/** A plain-text table: a header row and rows of cells, columns padded to their widest cell. */
export function table(header, rows) {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column]).length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => String(cell).padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

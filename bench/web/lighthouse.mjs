// `npm run bench:web`: Lighthouse (mobile profile) against a running system, for the public pages
// whose budgets the issue sets. It reports; it never fails a build or a test run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:8080';
const paths = ['/', '/medical-school-interviews', '/about'];
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const budgets = { score: 95, lcpMs: 1800, tbtMs: 150, cls: 0.05, initialJsKb: 150 };

/** Gzipped bytes of the JavaScript the page loaded before it settled (Lighthouse's network records). */
const initialJsKb = (lhr) =>
  (lhr.audits['network-requests'].details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;

const verdict = (ok) => (ok ? 'ok  ' : 'MISS');
const row = (label, value, budget, ok) =>
  `  ${verdict(ok)} ${label.padEnd(22)} ${value.padStart(9)}   budget ${budget}`;

const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
try {
  console.log(`Lighthouse, mobile profile, ${baseUrl}`);
  for (const path of paths) {
    const url = new URL(path, baseUrl).href;
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? Infinity;
    const tbt = lhr.audits['total-blocking-time'].numericValue ?? Infinity;
    const cls = lhr.audits['cumulative-layout-shift'].numericValue ?? Infinity;
    const js = initialJsKb(lhr);
    console.log(`\n${path}`);
    console.log(row('performance score', String(score), `>= ${budgets.score}`, score >= budgets.score));
    console.log(row('LCP', `${(lcp / 1000).toFixed(2)} s`, `<= ${budgets.lcpMs / 1000} s`, lcp <= budgets.lcpMs));
    console.log(row('TBT', `${Math.round(tbt)} ms`, `<= ${budgets.tbtMs} ms`, tbt <= budgets.tbtMs));
    console.log(row('CLS', cls.toFixed(3), `<= ${budgets.cls}`, cls <= budgets.cls));
    console.log(
      row('initial JS (gzipped)', `${js.toFixed(1)} KB`, `<= ${budgets.initialJsKb} KB`, js <= budgets.initialJsKb),
    );
  }
} finally {
  await chrome.kill();
}

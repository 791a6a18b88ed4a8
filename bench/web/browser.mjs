// The machine's Chromium driven by Playwright, shared by the budget check, the bench and the screenshots:
// Debian's headless build, as the browser tests use (docs/adr/0096).
import { chromium } from '@playwright/test';
import { gzippedBytes } from './budgets.mjs';

export const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:8080';

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });

const isScript = (request, response) =>
  request.resourceType() === 'script' || /javascript|ecmascript/.test(response?.headers()['content-type'] ?? '');

/**
 * How long the first view must stay complete, with no new script requested, before it counts as
 * complete: longer than a lazily imported part takes to be asked for once its data has arrived.
 */
const QUIET_MS = 2500;
const MAX_WAIT_MS = 30_000;

/**
 * The page's main content is drawn: <main> holds text and nothing in it is still loading (the UI kit's
 * spinners, which every Suspense fallback and query in progress shows, or an aria-busy region). A
 * string, evaluated in the page (this file is linted as Node code).
 */
const MAIN_CONTENT_DRAWN = `(() => {
  const main = document.querySelector('main');
  return main !== null && main.innerText.trim() !== '' && main.querySelector('.ui-spin, [aria-busy="true"]') === null;
})()`;

/**
 * Every script a route fetches until its first view is complete, with no interaction: the page's load
 * event, then the network idle and the main content drawn (see MAIN_CONTENT_DRAWN), then QUIET_MS
 * more with both still true and no new script asked for. That takes in what loads after start-up:
 * a dashboard's remote (after the session answers), its chunks, and any part imported lazily once
 * its data arrives. The browser accepts gzip only, so each file counts as the bytes a gzip-only
 * browser downloads: the gzipped copy where the server has one, the whole file where it sends the
 * file as it is. Response headers (`headerBytes`, about 1.1 KB a file over HTTP/1.1, most of it the
 * security headers) are listed but not counted: HTTP/2 and 3 compress headers a page repeats.
 *
 * Returns each file once, by URL, and two totals in KB (1024 bytes): `firstView`, every file, and
 * `startUp`, the files asked for before the load event (the HTML's scripts and what they import at
 * once). `gzipBytes` is each file gzipped at level 9 (`gzippedBytes`), for callers that serve the
 * build themselves without compression.
 */
export async function firstViewJs(browser, url, { cookie, viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
  });
  try {
    const page = await context.newPage();
    let loaded = false;
    let lastScriptAt = Date.now();
    const requested = new Map();
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (request.resourceType() !== 'script' || requested.has(request.url())) return;
      lastScriptAt = Date.now();
      requested.set(request.url(), { startUp: !loaded, file: null, failure: null });
    });
    page.on('requestfailed', (request) => {
      const entry = requested.get(request.url());
      if (entry !== undefined) entry.failure = request.failure()?.errorText ?? 'failed';
    });
    page.on('requestfinished', (request) => {
      const entry = requested.get(request.url());
      if (entry === undefined || entry.file !== null) return;
      entry.file = (async () => {
        const response = await request.response();
        if (!isScript(request, response)) return null;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        return {
          url: new URL(request.url()).pathname,
          sentBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
          encoding: response.headers()['content-encoding'] ?? 'none',
          bytes: body.length,
          gzipBytes: gzippedBytes(body),
          startUp: entry.startUp,
        };
      })();
    });

    const reply = await page.goto(url, { waitUntil: 'load' });
    const started = Date.now();
    for (;;) {
      if (Date.now() - started > MAX_WAIT_MS) {
        throw new Error(`${url}: the first view was not complete after ${MAX_WAIT_MS / 1000} s (still loading?)`);
      }
      await page.waitForLoadState('networkidle');
      if (!(await page.evaluate(MAIN_CONTENT_DRAWN))) {
        await page.waitForTimeout(250);
        continue;
      }
      const quietSince = Date.now();
      await page.waitForTimeout(QUIET_MS);
      if (lastScriptAt < quietSince && (await page.evaluate(MAIN_CONTENT_DRAWN))) break;
    }

    const files = [];
    for (const [fileUrl, { file, failure }] of requested) {
      if (file === null) throw new Error(`${url}: ${fileUrl} did not load (${failure ?? 'still loading'})`);
      const measured = await file;
      if (measured !== null) files.push(measured);
    }
    files.sort((a, b) => b.sentBytes - a.sentBytes);
    const kb = (list) => list.reduce((sum, file) => sum + file.sentBytes, 0) / 1024;
    const headerKb = files.reduce((sum, file) => sum + file.headerBytes, 0) / 1024;
    return {
      status: reply?.status() ?? null,
      finalPath: new URL(page.url()).pathname,
      firstView: { kb: kb(files), count: files.length, headerKb },
      startUp: { kb: kb(files.filter((file) => file.startUp)), count: files.filter((file) => file.startUp).length },
      files,
    };
  } finally {
    await context.close();
  }
}

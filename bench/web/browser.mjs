// The machine's Chromium driven by Playwright, shared by the budget check and the screenshots.
import { chromium } from '@playwright/test';
import { gzippedBytes } from './budgets.mjs';

export const baseUrl = process.env.BENCH_BASE_URL ?? 'http://localhost:8080';

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });

const isScript = (response) =>
  response.request().resourceType() === 'script' ||
  /javascript|ecmascript/.test(response.headers()['content-type'] ?? '');

/** How long the page must stay without a new script before it counts as started. */
const QUIET_MS = 1500;
const MAX_WAIT_MS = 20_000;

/**
 * The JavaScript a route loads at start: every script the page fetched until the network went idle
 * and stayed without a new script for QUIET_MS (the dashboards load their remote only after the
 * session answers). Each file once, by URL; sizes gzipped (see `gzippedBytes`).
 */
export async function initialJs(browser, url, { cookie, viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport, ...(cookie ? { extraHTTPHeaders: { cookie } } : {}) });
  try {
    const page = await context.newPage();
    const bodies = new Map();
    page.on('response', (response) => {
      if (!isScript(response) || bodies.has(response.url())) return;
      bodies.set(
        response.url(),
        response.body().catch(() => null),
      );
    });
    const reply = await page.goto(url, { waitUntil: 'networkidle' });
    const started = Date.now();
    let seen = -1;
    while (seen !== bodies.size && Date.now() - started < MAX_WAIT_MS) {
      seen = bodies.size;
      await page.waitForTimeout(QUIET_MS);
      await page.waitForLoadState('networkidle');
    }
    const files = [];
    for (const [fileUrl, body] of bodies) {
      const content = await body;
      if (content === null) throw new Error(`${url}: could not read ${fileUrl}`);
      files.push({ url: new URL(fileUrl).pathname, gzipBytes: gzippedBytes(content), bytes: content.length });
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const kb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    return { status: reply?.status() ?? null, finalPath: new URL(page.url()).pathname, kb, files };
  } finally {
    await context.close();
  }
}

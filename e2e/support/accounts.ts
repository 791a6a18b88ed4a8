import { type Browser, type Page, expect, test } from '@playwright/test';

/** The administrator the system seeds on start (SEED_ADMIN_* as `npm start` sets them). */
export const seedAdmin = {
  email: process.env.SEED_ADMIN_EMAIL ?? 'admin@medpath.local',
  password: process.env.SEED_ADMIN_PASSWORD ?? 'ChangeMe-Admin-2026',
};

export const desktopViewport = { width: 1280, height: 900 };

/** A page in a browser context of its own, signed in through the API. */
export async function signedInPage(
  browser: Browser,
  credentials: { email: string; password: string },
  viewport = desktopViewport,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // page.request shares the context's cookies: the session it opens is the page's session.
  expect((await page.request.post('/api/login', { data: credentials })).ok()).toBe(true);
  return { context, page };
}

/**
 * A full-page screenshot, attached to the test's report entry and kept beside its other outputs, to look
 * at after a local run. CI keeps nothing but its log (playwright.config.ts turns the trace off there for
 * the same reason), so there it takes none: encoding a long page costs the shared CPU about a second.
 * A failing test still gets its screenshot from the config's `screenshot: 'only-on-failure'`.
 */
export async function attachScreenshot(page: Page, name: string) {
  if (process.env.CI) return;
  const body = await page.screenshot({ fullPage: true, path: test.info().outputPath(`${name}.png`) });
  await test.info().attach(name, { body, contentType: 'image/png' });
}

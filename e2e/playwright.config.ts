import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the whole system, started beforehand as a user would start it (the test
 * script runs `npm start` first), hence no `webServer` here.
 *
 * Every test makes its own users and data (unique emails, its own discount code and tutor), so the
 * tests run in parallel and in any order; a story whose steps build on each other is one test with
 * `test.step`s. Two workers: the machines (and CI's) have two cores, which the system under test
 * shares with the browsers.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e-artifacts',
  timeout: 60_000,
  // Two browsers and the whole platform share the machine's two cores: under that load a dashboard's
  // first view has taken 8 s from navigation to its first API call (CI, the tutor portal). An
  // expectation waits only as long as it must, so a generous ceiling costs passing tests nothing.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    screenshot: 'only-on-failure',
    // A trace records every test's every step and keeps only the failures'. CI keeps nothing but its
    // log (where a failure's ARIA snapshot is printed), so there the recording is only CPU taken from
    // the browsers and the platform.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's headless build of its Chromium (the browser Playwright itself runs headless): half
          // the CPU of the full browser for the same pages (docs/adr/0096).
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});

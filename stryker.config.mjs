// Mutation testing (issue 17): `npm run test:mutation`. Stryker mutates the pure logic of the
// contracts and of pricing, discounts and hours, runs the unit specs against each mutant, and fails
// below a mutation score of 80 %. Reports: reports/mutation/ (HTML and JSON).
//
// Mutated, and why:
// - packages/contracts/src: the catalog's price table and currency conversion (quote, poundsToMinor,
//   formatting), discount codes, the hours a refund takes back, the half-hour rule, and every zod
//   schema and message the services and frontends share. Not index.ts (re-exports), fixtures.ts
//   (test data) nor zod.ts: its one line switches zod to jitless in a browser, which zod.spec.ts
//   proves under a jsdom docblock that Stryker's coverage environment cannot replace.
// - catalog-payments: discount-code-generator.ts (the codes' alphabet and length).
// - tutoring: shared/hours.ts (the tenths arithmetic every change of hours goes through).
// Not mutated:
// - catalog.service.ts: two lines around the contracts' quote (the availability check and the
//   discount passed on, both mutated in contracts); its spec loads the Nest kit, which would add
//   seconds to each of the ~500 runs. catalog.service.spec.ts runs in the unit project.
// - the Nest services that move money and hours inside Prisma transactions (catalog-payments'
//   checkout, fulfilment and money-back services, discount-codes.service; tutoring's
//   package hours, credit, refunds and disputes services):
//   integration tests against PostgreSQL cover them, too slow to run once per mutant; their
//   arithmetic calls the functions mutated above.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  // The repo's jest runs in ESM mode; the runner's worker processes need the same Node flag.
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  // One test file imports all the specs (test/mutation/specs.ts), so there is nothing to narrow.
  jest: { projectType: 'custom', configFile: 'stryker.jest.config.mjs', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'packages/contracts/src/**/*.ts',
    '!packages/contracts/src/**/*.spec.ts',
    '!packages/contracts/src/index.ts',
    '!packages/contracts/src/fixtures.ts',
    '!packages/contracts/src/zod.ts',
    'services/catalog-payments/src/modules/discount-codes/discount-code-generator.ts',
    'services/tutoring/src/modules/shared/hours.ts',
  ],
  // The sandbox copy needs the sources, configs and package manifests only.
  ignorePatterns: ['dist', 'coverage', 'docs', 'test-results', 'playwright-report', '.var', 'reports'],
  // Two cores, shared with the rest of the machine's work.
  concurrency: 2,
  // A mutant of module-level code reruns every spec; on a busy machine that can pass Stryker's default
  // 5 s allowance without any loop, so a mutant counts as timed out only after 20 s more.
  timeoutMS: 20000,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox copies of the repo go under .var/, which git, ESLint and Prettier already leave alone.
  tempDirName: '.var/stryker',
  cleanTempDir: 'always',
};

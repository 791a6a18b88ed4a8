// One jest run for the whole repo (ESM mode: `node --experimental-vm-modules`), in two projects:
// `unit` (colocated *.spec.ts, no I/O) and `integration` (test/*.int-spec.ts against real
// PostgreSQL, NATS and Redis). Workspace packages resolve to their TypeScript sources.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

export const shared = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@medtutor/contracts$': '<rootDir>/packages/contracts/src/index.ts',
    '^@medtutor/nest-kit$': '<rootDir>/packages/nest-kit/src/index.ts',
    '^@medtutor/nest-kit/testing$': '<rootDir>/packages/nest-kit/src/testing/index.ts',
    '^@medtutor/nest-kit/prisma$': '<rootDir>/packages/nest-kit/src/prisma/index.ts',
    '^@medtutor/db-tools$': '<rootDir>/packages/db-tools/src/index.ts',
    '^@medtutor/web-kit$': '<rootDir>/packages/web-kit/src/index.ts',
    '^@medtutor/web-kit/antd$': '<rootDir>/packages/web-kit/src/antd-root.tsx',
    '^@medtutor/web-kit/ui$': '<rootDir>/packages/web-kit/src/ui/index.ts',
    '^@medtutor/web-kit/(calendar-feed|package-ledger|testing/fetch|testing/jsdom|zod-rule)$':
      '<rootDir>/packages/web-kit/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/test/style-stub.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // Stryker's sandboxes copy the packages: jest must not see a second @medtutor/web-kit there.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testEnvironment: 'node',
};

export default {
  // Files run in a worker process that is replaced once it holds more than 1.5 GB after a file.
  // ESM test modules (vm.SourceTextModule) are never freed (nodejs/node#59118), so on a 2-core
  // machine, where jest would run every file in band in its own process, the heap grows about 30 MB
  // a file until Node's 4 GB limit kills jest before it writes its report. A worker that dies fails
  // only its own file. CommonJS would free them, but not yet here: see docs/adr/0088.
  workerIdleMemoryLimit: '1.5GB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/**/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/integration-timeout.setup.ts'],
    },
  ],
};

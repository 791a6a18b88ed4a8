import vm from 'node:vm';

// The repo's jest projects: `unit` (colocated *.spec.ts, no I/O, ESM mode: `node
// --experimental-vm-modules`) and `integration` (test/*.int-spec.ts against real PostgreSQL, NATS and
// Redis, CommonJS: plain `node`). Workspace packages resolve to their TypeScript sources.
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
// @swc/jest picks the module type itself: ES modules when jest runs in ESM mode, else CommonJS.
const swcJs = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2023' } }];

// The packages the integration project loads whose files are ES modules without an `.mjs` name
// (`"type": "module"`), and two CommonJS ones that call `import()`, which jest's CommonJS sandbox
// cannot run: @prisma/config (it loads prisma.config.ts through c12) and jiti's entry (c12's loader).
const esmPackagesLoadedByIntegration = [
  '@nestjs',
  '@prisma/config',
  '@prisma/schema-engine-wasm',
  'cockatiel',
  'jiti/lib',
  'jose',
  'nodemailer',
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
  // In ESM mode (the unit project), files run in a worker process that is replaced once it holds more
  // than 1.5 GB after a file. ESM test modules (vm.SourceTextModule) are never freed
  // (nodejs/node#59118), so on a 2-core machine, where jest would run every file in band in its own
  // process, the heap grows about 30 MB a file until Node's 4 GB limit kills jest before it writes
  // its report. A worker that dies fails only its own file. CommonJS frees them: see docs/adr/0088.
  ...('SourceTextModule' in vm && { workerIdleMemoryLimit: '1.5GB' }),
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
      // CommonJS, so that a worker frees each file's modules when the next file starts: run without
      // --experimental-vm-modules, jest loads every file as CommonJS and @swc/jest compiles to it
      // (`import.meta.url` becomes the file's URL). The ES modules it loads from node_modules are
      // compiled too: every `.mjs` file and the packages above; Prisma's runtime has CommonJS twins.
      extensionsToTreatAsEsm: [],
      transform: { '^.+\\.tsx?$': swc, '^.+\\.[cm]?js$': swcJs },
      transformIgnorePatterns: [
        `^(?!.*/node_modules/(${esmPackagesLoadedByIntegration.join('|')})/).*/node_modules/.*(?<!\\.mjs)$`,
      ],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^@prisma/client/runtime/(.*)\\.mjs$': '<rootDir>/node_modules/@prisma/client/runtime/$1.js',
      },
    },
  ],
};

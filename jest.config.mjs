// One jest run for the whole repo, in two projects: `unit` (colocated *.spec.ts, no I/O) as CommonJS,
// under plain `node`, and `integration` (test/*.int-spec.ts against real PostgreSQL, NATS and Redis)
// as ES modules, under `node --experimental-vm-modules` (so are test/faults and Stryker, which use
// `shared`). @swc/jest compiles to whichever module system the run uses. Workspace packages resolve
// to their TypeScript sources.
import vm from 'node:vm';

/** Node runs jest's ES modules only under `--experimental-vm-modules`. */
const esmMode = typeof vm.SourceTextModule === 'function';

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2023',
  },
};
const swc = ['@swc/jest', swcOptions];

// swc's CommonJS output rewrites `import.meta.url`, `.dirname` and `.filename`; any other use of
// `import.meta` would not parse. react-router's only one is `import.meta.hot` (Vite's hot reload),
// absent under jest: inlined as undefined.
const swcCommonJs = [
  '@swc/jest',
  {
    ...swcOptions,
    jsc: {
      ...swcOptions.jsc,
      transform: { ...swcOptions.jsc.transform, optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } } },
    },
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

// Packages that ship only ES modules, which Node 20 cannot `require`: swc compiles them to CommonJS
// like our sources (jest's own require(esm) needs Node 24.9).
const esmOnlyPackages = [
  '@ant-design/colors',
  '@kubernetes-models',
  '@nestjs',
  '@prisma/schema-engine-wasm',
  '@remix-run/route-pattern',
  'cidr-regex',
  'cockatiel',
  'cookie-es',
  'is-cidr',
  'jose',
  'kubernetes-models',
  'react-router',
];

export default {
  ...(esmMode && {
    // Files run in a worker process that is replaced once it holds more than 1.5 GB after a file.
    // ESM test modules (vm.SourceTextModule) are never freed (nodejs/node#59118), so on a 2-core
    // machine, where jest would run every file in band in its own process, the heap grows about 30 MB
    // a file until Node's 4 GB limit kills jest before it writes its report. A worker that dies fails
    // only its own file. The unit project runs as CommonJS, whose modules are freed: see docs/adr/0089.
    workerIdleMemoryLimit: '1.5GB',
  }),
  projects: [
    {
      ...shared,
      displayName: 'unit',
      extensionsToTreatAsEsm: [],
      // CommonJS: Node frees a file's modules once it is done, as it never frees ES modules
      // (vm.SourceTextModule, nodejs/node#59118). docs/adr/0089.
      transform: { '^.+\\.(tsx?|jsx?|mjs)$': swcCommonJs },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
      resolver: '<rootDir>/test/import-condition.resolver.cjs',
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

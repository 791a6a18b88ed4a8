// One jest configuration for the whole repo, in four projects, which `npm test` runs in this order:
// `unit` (colocated *.spec.ts: the rules and the code around them, no I/O), `components` (colocated
// *.spec.tsx: React components rendered in jsdom), `repository` (test/*.spec.ts: the Kubernetes, Docker
// and NATS configuration, the scripts and the docs checked against the code) and `integration`
// (test/*.int-spec.ts against real PostgreSQL, NATS and Redis); docs/adr/0094 says why. All run as CommonJS,
// under plain `node` (no --experimental-vm-modules): Node frees a test file's modules once the file is
// done, as it never frees ES modules (vm.SourceTextModule, nodejs/node#59118), so a worker's memory no
// longer grows with every file and needs no `workerIdleMemoryLimit` (docs/adr/0089). @swc/jest compiles
// to whichever module system the run uses. Workspace packages resolve to their TypeScript sources.
// `shared` is also the base of test/faults/jest.config.mjs and stryker.jest.config.mjs, which still
// run in ESM mode (one file each, or Stryker's own processes).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
    },
  },
];

// JavaScript from node_modules and the repo's .mjs scripts. swc's CommonJS output rewrites
// `import.meta.url`, `.dirname` and `.filename`; any other use of `import.meta` would not parse.
// react-router's only one is `import.meta.hot` (Vite's hot reload), absent under jest: undefined.
const swcJs = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'ecmascript' },
      transform: { optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } } },
      target: 'es2023',
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

// Packages whose files are ES modules without an `.mjs` name ("type": "module"), which Node 20 cannot
// `require` (jest's own require(esm) needs Node 24.9), and two CommonJS ones that call `import()`,
// which jest's CommonJS sandbox cannot run: @prisma/config (it loads prisma.config.ts through c12) and
// jiti's entry (c12's loader). swc compiles them, and every `.mjs` file under node_modules, to
// CommonJS like our sources; the rest of node_modules is loaded as it is. A new ESM-only dependency
// a test reaches fails with "Must use import to load ES Module" until it is added here.
const esModulePackages = [
  '@ant-design/colors',
  '@kubernetes-models',
  '@nestjs',
  '@prisma/config',
  '@prisma/schema-engine-wasm',
  '@remix-run/route-pattern',
  'cidr-regex',
  'cockatiel',
  'cookie-es',
  'is-cidr',
  'jiti/lib',
  'jose',
  'kubernetes-models',
  'nodemailer',
  'react-router',
];

const commonJs = {
  extensionsToTreatAsEsm: [],
  transform: { '^.+\\.tsx?$': swc, '^.+\\.[cm]?js$': swcJs },
  // Ignored: a file under a node_modules (nested ones too) that is neither an `.mjs` file nor in a
  // package of the list.
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esModulePackages.join('|')})/).*/node_modules/.*(?<!\\.mjs)$`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  resolver: '<rootDir>/test/import-condition.resolver.cjs',
  moduleNameMapper: {
    ...shared.moduleNameMapper,
    // Prisma's runtime has CommonJS twins of its .mjs files (one of them 4.5 MB of wasm as base64).
    '^@prisma/client/runtime/(.*)\\.mjs$': '<rootDir>/node_modules/@prisma/client/runtime/$1.js',
  },
};

// The layers before the build: jest's runtime keeping V8's code cache of the dependencies between the
// files a worker runs (test/code-cache-runtime.cjs). Not integration, whose workers' heaps it doubled for
// no time saved (docs/adr/0097).
const withCodeCache = { runtime: '<rootDir>/test/code-cache-runtime.cjs' };

export default {
  projects: [
    { ...shared, ...commonJs, ...withCodeCache, displayName: 'unit', testMatch: ['<rootDir>/**/src/**/*.spec.ts'] },
    {
      ...shared,
      ...commonJs,
      ...withCodeCache,
      displayName: 'components',
      testMatch: ['<rootDir>/**/src/**/*.spec.tsx'],
      moduleNameMapper: { '^antd$': '<rootDir>/test/antd-lazy.cjs', ...commonJs.moduleNameMapper },
    },
    {
      ...shared,
      ...commonJs,
      ...withCodeCache,
      displayName: 'repository',
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
    },
    {
      ...shared,
      ...commonJs,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/integration-timeout.setup.ts'],
    },
  ],
};

// Import boundaries between the apps (npm run deps:check, part of npm test). Apps share code only
// through packages/*; services, the gateway and the frontends never reach into each other. Inside a
// service, only repositories (and named exceptions) query the database.
// dependency-cruiser 17.x: 18 declares Node >= 22 and refuses to run on the Node 20 these machines have.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-to-other-service',
      comment: 'A service talks to another service over NATS only, never by importing its code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-to-gateway',
      comment: 'Services do not depend on the HTTP edge.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'gateway-to-service',
      comment: 'The gateway reaches services over NATS with subjects and schemas from packages/contracts.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
    {
      name: 'frontend-to-server-code',
      comment: 'Browser code shares only packages/contracts with the server side.',
      severity: 'error',
      from: { path: '^frontends/' },
      to: { path: '^(services|gateway|packages/nest-kit|packages/db-tools)/' },
    },
    {
      name: 'frontend-to-server-libraries',
      comment: 'Server-only libraries have no place in a browser bundle.',
      severity: 'error',
      from: { path: '^frontends/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        path: 'node_modules/(@nestjs|@prisma|prisma|pg|ioredis|@nats-io|nodemailer|stripe)/',
      },
    },
    {
      name: 'frontend-to-other-frontend',
      comment: 'Remotes and the shell meet at run time through Module Federation, not through imports.',
      severity: 'error',
      from: { path: '^frontends/([^/]+)/' },
      to: { path: '^frontends/([^/]+)/', pathNot: '^frontends/$1/' },
    },
    {
      name: 'frontend-feature-deep-import',
      comment:
        "A frontend feature uses another feature only through that feature's public entry, " +
        "src/features/<name>/index.ts(x); code both need belongs in the app's components/ or lib/.",
      severity: 'error',
      from: { path: '^frontends/([^/]+)/src/features/([^/]+)/' },
      to: {
        path: '^frontends/$1/src/features/',
        pathNot: ['^frontends/$1/src/features/$2/', '^frontends/$1/src/features/[^/]+/index[.]tsx?$'],
      },
    },
    {
      name: 'prisma-client-outside-repositories',
      comment:
        "Only a module's <x>.repository.ts queries the service's database through PrismaService. Wiring " +
        '(infra/, service.ts, main.ts) may hold it, and so may *.consumer.ts, which hands it to the event ' +
        'kit (consumers.start({ db })) to open the inbox transaction. Services hold a transaction only to ' +
        "hand it to repositories (the generated client's Prisma.TransactionClient type).",
      severity: 'error',
      from: {
        path: '^services/[^/]+/src/',
        pathNot: [
          '[.](repository|consumer|spec|int-spec)[.]ts$',
          '^services/[^/]+/src/(infra/|service[.]ts$|main[.]ts$)',
        ],
      },
      to: { path: '^services/[^/]+/src/infra/prisma[.]service[.]ts$' },
    },
    {
      name: 'shared-package-to-app',
      comment: 'packages/* are shared by the apps, so they cannot depend on any app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|gateway|frontends)/' },
    },
    {
      name: 'contracts-stays-plain',
      comment: 'contracts is plain TypeScript and zod, used by browser and server alike.',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: '[.]spec[.]ts$' },
      to: { path: '^packages/(?!contracts/)|node_modules/(?!zod/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|generated)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

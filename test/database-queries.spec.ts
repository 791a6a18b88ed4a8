import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT } from './infra/infra-helpers.js';

/**
 * "Only `<x>.repository.ts` queries the database" (CONTRIBUTING, issue 29). The dependency rule
 * `prisma-client-outside-repositories` keeps `PrismaService` out of other files; services still hold
 * the transactions repositories open, and this scan fails when one of them queries through it: a call
 * on one of the service's Prisma models, or a raw query or transaction of its own.
 */
const MODEL_OPERATIONS = [
  'findMany',
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
];
const CLIENT_OPERATIONS = ['queryRaw', 'queryRawUnsafe', 'executeRaw', 'executeRawUnsafe', 'transaction'];

/** Prisma's delegate name of each model in the service's schema files (the kits' included). */
function modelsOf(service: string): string[] {
  const prisma = join(ROOT, 'services', service, 'prisma');
  const shared = join(prisma, 'shared');
  const schemas = [
    join(prisma, 'schema.prisma'),
    ...(existsSync(shared) ? readdirSync(shared).map((file) => join(shared, file)) : []),
  ];
  return schemas.flatMap((schema) =>
    [...readFileSync(schema, 'utf8').matchAll(/^model (\w+)/gm)].map(
      ([, model]) => model![0]!.toLowerCase() + model!.slice(1),
    ),
  );
}

const queryPattern = (models: string[]) =>
  new RegExp(
    `\\.(${models.join('|')})\\s*\\.\\s*(${MODEL_OPERATIONS.join('|')})\\s*\\(|\\.\\$(${CLIENT_OPERATIONS.join('|')})\\b`,
    'g',
  );

const queriesIn = (source: string, models: string[]) =>
  [...source.matchAll(queryPattern(models))].map(([call]) => call);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const services = readdirSync(join(ROOT, 'services'));

describe('who queries a service database', () => {
  it('finds model calls, raw queries and transactions, on a client or a handed-in transaction', () => {
    const models = ['payment', 'refund', 'outboxEvent'];
    expect(queriesIn(`await tx.refund.create({ data });`, models)).toEqual(['.refund.create(']);
    expect(queriesIn(`this.prisma.payment\n  .findMany({ where })`, models)).toEqual(['.payment\n  .findMany(']);
    expect(queriesIn('await tx.$executeRaw`UPDATE users SET x = 1`;', models)).toEqual(['.$executeRaw']);
    expect(queriesIn(`return this.prisma.$transaction(work);`, models)).toEqual(['.$transaction']);
    expect(queriesIn(`await this.payments.find(paymentId, tx); codes.find((code) => code);`, models)).toEqual([]);
    expect(modelsOf('catalog-payments')).toEqual(expect.arrayContaining(['payment', 'refund', 'outboxEvent']));
  });

  it.each(services)('%s: only its repositories query its database', (service) => {
    const models = modelsOf(service);
    const files = sources(join(ROOT, 'services', service, 'src'));
    const offenders = files
      .filter((file) => !file.endsWith('.repository.ts'))
      .flatMap((file) =>
        queriesIn(readFileSync(file, 'utf8'), models).map((call) => `${relative(ROOT, file)}: ${call}`),
      );
    expect(offenders).toEqual([]);
    expect(files.some((file) => queriesIn(readFileSync(file, 'utf8'), models).length > 0)).toBe(true);
  });
});

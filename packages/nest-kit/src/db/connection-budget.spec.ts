import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MIN_PRISMA_POOL_SIZE, splitDatabaseConnections } from './connection-budget.js';

describe('splitDatabaseConnections', () => {
  it('gives the outbox, mail and lock connections first and Prisma the rest', () => {
    expect(splitDatabaseConnections(8, { mail: true, leases: 2 })).toEqual({
      prisma: 3,
      outbox: 2,
      mail: 1,
      leases: 2,
    });
    expect(splitDatabaseConnections(8, { mail: false, leases: 0 })).toEqual({
      prisma: 6,
      outbox: 2,
      mail: 0,
      leases: 0,
    });
  });

  it('refuses a total that leaves Prisma below its floor, naming the least that works', () => {
    expect(splitDatabaseConnections(6, { mail: true, leases: 2 })).toBe(
      "6 connections do not cover this service's outbox (2), mail (1) and lock (2) connections and a Prisma pool of 2: set at least 7",
    );
    expect(splitDatabaseConnections(7, { mail: true, leases: 2 })).toMatchObject({ prisma: 2 });
  });

  it('never opens more than the total, whatever the service holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        (total, mail, leases) => {
          const split = splitDatabaseConnections(total, { mail, leases });
          if (typeof split === 'string') return;
          expect(split.prisma + split.outbox + split.mail + split.leases).toBe(total);
          expect(split.prisma).toBeGreaterThanOrEqual(MIN_PRISMA_POOL_SIZE);
        },
      ),
    );
  });
});

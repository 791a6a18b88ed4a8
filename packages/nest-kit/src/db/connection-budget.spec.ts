import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MIN_PRISMA_POOL_SIZE, RELAYS_POOL_SIZE, splitDatabaseConnections } from './connection-budget.js';

describe('splitDatabaseConnections', () => {
  it('gives the relays and lock connections first and Prisma the rest, mail or not', () => {
    expect(splitDatabaseConnections(8, { leases: 2 })).toEqual({ prisma: 4, relays: 2, leases: 2 });
    expect(splitDatabaseConnections(8, { leases: 0 })).toEqual({ prisma: 6, relays: 2, leases: 0 });
  });

  it('refuses a total that leaves Prisma below its floor, naming the least that works', () => {
    expect(splitDatabaseConnections(5, { leases: 2 })).toBe(
      "5 connections do not cover this service's relays (2) and lock (2) connections and a Prisma pool of 2: set at least 6",
    );
    expect(splitDatabaseConnections(6, { leases: 2 })).toMatchObject({ prisma: 2 });
  });

  it('never opens more than the total, and refuses only what cannot leave Prisma its floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 5 }), (total, leases) => {
        const split = splitDatabaseConnections(total, { leases });
        const fits = total >= RELAYS_POOL_SIZE + leases + MIN_PRISMA_POOL_SIZE;
        expect(typeof split !== 'string').toBe(fits);
        if (typeof split === 'string') return;
        expect(split.prisma + split.relays + split.leases).toBe(total);
        expect(split.prisma).toBeGreaterThanOrEqual(MIN_PRISMA_POOL_SIZE);
      }),
    );
  });
});

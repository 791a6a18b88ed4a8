import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { HashingPool, HashingPoolFull, type HashingPoolLimits, type HashingPriority } from './hashing-pool.js';

/** Fake hashing: each job finishes when the test says so. */
class FakeWork {
  readonly started: string[] = [];
  private readonly finishers = new Map<string, () => void>();

  job(name: string) {
    return () => {
      this.started.push(name);
      return new Promise<string>((resolve) => this.finishers.set(name, () => resolve(name)));
    };
  }

  finish(name: string): void {
    const finish = this.finishers.get(name);
    if (!finish) throw new Error(`${name} has not started`);
    this.finishers.delete(name);
    finish();
  }
}

/** Lets every settled promise's continuation run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const limits: HashingPoolLimits = {
  concurrency: 3,
  reservedForSignIn: 1,
  signInQueue: 4,
  newPasswordQueue: 2,
  maxWaitMs: 60_000,
};

describe('HashingPool', () => {
  it('runs at most `concurrency` jobs, and new-password work never takes the slots reserved for sign-in', async () => {
    const pool = new HashingPool(limits);
    const work = new FakeWork();
    const registrations = ['r1', 'r2', 'r3'].map((name) => pool.run('new-password', work.job(name)));
    await settle();
    expect(work.started).toEqual(['r1', 'r2']);
    expect(pool.load()['new-password']).toEqual({ running: 2, waiting: 1 });

    const signIn = pool.run('sign-in', work.job('s1'));
    await settle();
    expect(work.started).toEqual(['r1', 'r2', 's1']);
    work.finish('s1');
    await expect(signIn).resolves.toBe('s1');
    for (const name of ['r1', 'r2']) work.finish(name);
    await settle();
    expect(work.started).toEqual(['r1', 'r2', 's1', 'r3']);
    work.finish('r3');
    await expect(Promise.all(registrations)).resolves.toEqual(['r1', 'r2', 'r3']);
  });

  it('refuses at once what would overflow a queue, leaving the other priority its own queue', async () => {
    const pool = new HashingPool(limits);
    const work = new FakeWork();
    const accepted = ['r1', 'r2', 'r3', 'r4'].map((name) => pool.run('new-password', work.job(name)));
    expect(pool.hasRoom('new-password')).toBe(false);
    expect(pool.hasRoom('sign-in')).toBe(true);
    await expect(pool.run('new-password', work.job('r5'))).rejects.toBeInstanceOf(HashingPoolFull);
    await expect(pool.run('new-password', work.job('r6'))).rejects.toEqual(new HashingPoolFull('new-password'));
    expect(work.started).toEqual(['r1', 'r2']);

    const signIn = pool.run('sign-in', work.job('s1'));
    await settle();
    work.finish('s1');
    await expect(signIn).resolves.toBe('s1');
    for (const name of ['r1', 'r2']) work.finish(name);
    await settle();
    for (const name of ['r3', 'r4']) work.finish(name);
    await expect(Promise.all(accepted)).resolves.toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('starts waiting sign-ins before waiting new-password work, each in arrival order', async () => {
    const pool = new HashingPool({ ...limits, reservedForSignIn: 0, concurrency: 1 });
    const work = new FakeWork();
    const jobs = [
      pool.run('new-password', work.job('r1')),
      pool.run('new-password', work.job('r2')),
      pool.run('sign-in', work.job('s1')),
      pool.run('sign-in', work.job('s2')),
    ];
    await settle();
    for (const name of ['r1', 's1', 's2', 'r2']) {
      work.finish(name);
      await settle();
    }
    await Promise.all(jobs);
    expect(work.started).toEqual(['r1', 's1', 's2', 'r2']);
  });

  it('refuses a job that waited `maxWaitMs` without a slot, and starts the next one in its place', async () => {
    const pool = new HashingPool({ ...limits, concurrency: 1, reservedForSignIn: 0, maxWaitMs: 20 });
    const work = new FakeWork();
    const running = pool.run('new-password', work.job('r1'));
    const tooLate = pool.run('new-password', work.job('r2'));
    await expect(tooLate).rejects.toEqual(new HashingPoolFull('new-password'));
    expect(pool.load()['new-password']).toEqual({ running: 1, waiting: 0 });
    const next = pool.run('new-password', work.job('r3'));
    work.finish('r1');
    await settle();
    work.finish('r3');
    await expect(Promise.all([running, next])).resolves.toEqual(['r1', 'r3']);
    expect(work.started).toEqual(['r1', 'r3']);
  });

  it('frees the slot of work that failed, and passes its error on', async () => {
    const pool = new HashingPool({ ...limits, concurrency: 1, reservedForSignIn: 0 });
    const work = new FakeWork();
    const failing = pool.run('sign-in', () => Promise.reject(new Error('argon2 broke')));
    const next = pool.run('sign-in', work.job('s2'));
    await expect(failing).rejects.toThrow('argon2 broke');
    await settle();
    work.finish('s2');
    await expect(next).resolves.toBe('s2');
    expect(pool.load()).toEqual({ 'sign-in': { running: 0, waiting: 0 }, 'new-password': { running: 0, waiting: 0 } });
  });

  it('refuses limits that leave new passwords no slot', () => {
    expect(() => new HashingPool({ ...limits, concurrency: 0 })).toThrow(/concurrency/);
    expect(() => new HashingPool({ ...limits, concurrency: 2, reservedForSignIn: 2 })).toThrow(/reserved/);
  });

  it('under any mix of arrivals and finishes: bounds hold, every accepted job runs once, refusals only when full', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('arrive' as const),
        priority: fc.constantFrom<HashingPriority>('sign-in', 'new-password'),
      }),
      fc.record({ kind: fc.constant('finish' as const), pick: fc.nat() }),
    );
    const poolLimits = fc
      .record({
        concurrency: fc.integer({ min: 1, max: 4 }),
        reserved: fc.nat(3),
        signInQueue: fc.nat(4),
        newPasswordQueue: fc.nat(4),
      })
      .map(({ concurrency, reserved, signInQueue, newPasswordQueue }) => ({
        concurrency,
        reservedForSignIn: Math.min(reserved, concurrency - 1),
        signInQueue,
        newPasswordQueue,
        maxWaitMs: 60_000,
      }));
    await fc.assert(
      fc.asyncProperty(poolLimits, fc.array(step, { maxLength: 60 }), async (bounds, steps) => {
        const pool = new HashingPool(bounds);
        const work = new FakeWork();
        const running: string[] = [];
        const outcomes: Promise<unknown>[] = [];
        let refused = 0;
        for (const [index, action] of steps.entries()) {
          if (action.kind === 'arrive') {
            const name = `${action.priority}#${index}`;
            const before = pool.load()[action.priority];
            const free = pool.load()['sign-in'].running + pool.load()['new-password'].running < bounds.concurrency;
            const room = pool.hasRoom(action.priority);
            const outcome = pool.run(action.priority, work.job(name)).then(
              () => {
                expect(room).toBe(true);
                return 'done';
              },
              (error: unknown) => {
                expect(room).toBe(false);
                expect(error).toBeInstanceOf(HashingPoolFull);
                // Refused only with its queue full and no slot it could take.
                const limit = action.priority === 'sign-in' ? bounds.signInQueue : bounds.newPasswordQueue;
                expect(before.waiting).toBeGreaterThanOrEqual(limit);
                if (action.priority === 'sign-in') expect(free && before.waiting === 0).toBe(false);
                refused++;
                return 'refused';
              },
            );
            outcomes.push(outcome);
          } else {
            const startedNotFinished = work.started.filter((name) => !running.includes(name));
            const candidate = startedNotFinished[action.pick % Math.max(1, startedNotFinished.length)];
            if (candidate) {
              running.push(candidate);
              work.finish(candidate);
            }
          }
          await settle();
          const load = pool.load();
          expect(load['sign-in'].running + load['new-password'].running).toBeLessThanOrEqual(bounds.concurrency);
          expect(load['new-password'].running).toBeLessThanOrEqual(bounds.concurrency - bounds.reservedForSignIn);
          expect(load['sign-in'].waiting).toBeLessThanOrEqual(bounds.signInQueue);
          expect(load['new-password'].waiting).toBeLessThanOrEqual(bounds.newPasswordQueue);
        }
        // Drain: finish whatever runs until nothing is left.
        for (let guard = 0; guard < 200 && work.started.length > running.length; guard++) {
          for (const name of work.started.filter((started) => !running.includes(started))) {
            running.push(name);
            work.finish(name);
          }
          await settle();
        }
        const results = await Promise.all(outcomes);
        const accepted = results.filter((result) => result === 'done').length;
        expect(accepted + refused).toBe(outcomes.length);
        expect(new Set(work.started).size).toBe(work.started.length);
        expect(work.started).toHaveLength(accepted);
      }),
      { numRuns: 200 },
    );
  });
});

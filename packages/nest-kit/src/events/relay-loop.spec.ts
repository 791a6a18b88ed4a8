import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { pino } from 'pino';
import { doublingDelay, type RelayPass, RelayLoop } from './relay-loop.js';

const POLL_MS = 100;
const BATCH = 10;

/** A loop whose passes answer from `outcomes` in turn (then empty ones), recording when each ran. */
function loopAnswering(outcomes: Array<RelayPass | Error>) {
  const started: number[] = [];
  const loop = new RelayLoop({
    pass: async () => {
      started.push(Date.now());
      const outcome = outcomes.shift() ?? { handled: 0, complete: true };
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    pollIntervalMs: POLL_MS,
    batchSize: BATCH,
    maxBackoffMs: 400,
    logger: pino({ level: 'silent' }),
    failureMessage: 'pass failed',
  });
  return { loop, started, passes: () => started.length };
}

describe('doublingDelay', () => {
  it('starts at the first delay, doubles per attempt and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => doublingDelay(100, attempt, 1_000))).toEqual([100, 200, 400, 800, 1_000]);
  });
});

describe('RelayLoop', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('passes at start, again at once after a full batch, then once per poll interval', async () => {
    const { loop, started } = loopAnswering([{ handled: BATCH, complete: true }]);
    loop.start();
    await jest.advanceTimersByTimeAsync(POLL_MS * 2);
    await loop.stop();
    expect(started).toEqual([0, 0, POLL_MS, POLL_MS * 2]);
  });

  it('runs one more pass when woken during one, never two at once', async () => {
    const { loop, passes } = loopAnswering([]);
    loop.start();
    loop.wake();
    loop.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(passes()).toBe(2);
    await loop.stop();
  });

  it('backs off after failed passes, doubling from the poll interval to the cap, deaf to wakes', async () => {
    const failure = { handled: 0, complete: false };
    const { loop, started } = loopAnswering([failure, new Error('database down'), failure, failure, failure]);
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    loop.wake();
    await jest.advanceTimersByTimeAsync(2_000);
    await loop.stop();
    // Failures after 0, 100, 300, 700 and 1100; the first success at 1500, then the poll interval.
    expect(started.slice(0, 7)).toEqual([0, 100, 300, 700, 1_100, 1_500, 1_600]);
  });

  it('ends a back-off at once on retryNow', async () => {
    const { loop, started } = loopAnswering([new Error('broker down'), new Error('broker down')]);
    loop.start();
    await jest.advanceTimersByTimeAsync(150);
    loop.retryNow();
    await jest.advanceTimersByTimeAsync(0);
    await loop.stop();
    expect(started).toEqual([0, 100, 150]);
  });

  it('waits at stop for the pass in hand and schedules nothing after it', async () => {
    let finish: () => void = () => undefined;
    const passes: string[] = [];
    const loop = new RelayLoop({
      pass: () =>
        new Promise<RelayPass>((resolve) => {
          passes.push('started');
          finish = () => {
            passes.push('finished');
            resolve({ handled: 0, complete: true });
          };
        }),
      pollIntervalMs: POLL_MS,
      batchSize: BATCH,
      maxBackoffMs: 400,
      logger: pino({ level: 'silent' }),
      failureMessage: 'pass failed',
    });
    loop.start();
    const stopped = loop.stop().then(() => passes.push('stopped'));
    finish();
    await stopped;
    loop.wake();
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(passes).toEqual(['started', 'finished', 'stopped']);
    expect(loop.active).toBe(false);
  });
});

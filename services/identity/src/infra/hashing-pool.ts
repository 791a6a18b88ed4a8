import { availableParallelism } from 'node:os';

/**
 * Who is waiting for a password hash. `sign-in` checks an existing user's password (login); every
 * other hash makes a new one (registration, reset, invitation) and is what a flood sends.
 */
export type HashingPriority = 'sign-in' | 'new-password';

export interface HashingPoolLimits {
  /** Hashes running at once, whoever asked. */
  concurrency: number;
  /** Of those, how many only sign-in may use: new-password work never holds every slot. */
  reservedForSignIn: number;
  /** Waiting sign-ins beyond which another is refused at once. */
  signInQueue: number;
  /** Waiting new-password work beyond which more is refused at once. */
  newPasswordQueue: number;
  /**
   * The longest a job waits for a slot before it is refused after all: well inside the gateway's
   * deadline, so a caller hears "busy" (not counted against the service) instead of a timeout (counted).
   */
  maxWaitMs: number;
}

/** Refused without waiting: the pool and its queue for that priority are full. Load shed, not a fault. */
export class HashingPoolFull extends Error {
  override name = 'HashingPoolFull';

  constructor(readonly priority: HashingPriority) {
    super(`password hashing is saturated (${priority})`);
  }
}

interface Waiting {
  start: () => void;
}

/** 1 s: a third of the gateway's default RPC deadline (RPC_TIMEOUT_MS, 3 s). */
export const MAX_HASHING_WAIT_MS = 1000;

/**
 * Bounds argon2 work, which costs memory and a thread each: at most `concurrency` run, and each
 * priority has a short queue behind them; anything more is refused at once, and what waited
 * `maxWaitMs` without a slot is refused then, so a flood is answered quickly instead of piling up
 * work no client will wait for. Sign-in is served first from
 * the queue and owns `reservedForSignIn` slots outright, so an existing user signs in during a
 * registration flood after at most the hashes already running. Pure: it knows nothing of argon2.
 */
export class HashingPool {
  private readonly running: Record<HashingPriority, number> = { 'sign-in': 0, 'new-password': 0 };
  private readonly queues: Record<HashingPriority, Waiting[]> = { 'sign-in': [], 'new-password': [] };

  constructor(private readonly limits: HashingPoolLimits) {
    if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1) {
      throw new Error('hashing concurrency must be a whole number of at least 1');
    }
    if (limits.reservedForSignIn < 0 || limits.reservedForSignIn >= limits.concurrency) {
      throw new Error('the slots reserved for sign-in must leave at least one for new passwords');
    }
  }

  /** Runs `work` in a slot for `priority`, now or after the work queued before it; throws `HashingPoolFull` at once when full. */
  async run<T>(priority: HashingPriority, work: () => Promise<T>): Promise<T> {
    if (this.queues[priority].length > 0 || !this.mayStart(priority)) {
      if (!this.hasRoom(priority)) throw new HashingPoolFull(priority);
      await this.slotFor(priority);
    } else {
      this.running[priority]++;
    }
    try {
      return await work();
    } finally {
      this.running[priority]--;
      this.startWaiting();
    }
  }

  /**
   * Whether `run` would take work of `priority` now (start or queue it). Lets a caller shed a request
   * before the work that leads up to its hash (database reads); `run` still decides.
   */
  hasRoom(priority: HashingPriority): boolean {
    return this.mayStart(priority) || this.queues[priority].length < this.queueLimit(priority);
  }

  /** What runs and waits now, per priority (for tests and metrics). */
  load(): Record<HashingPriority, { running: number; waiting: number }> {
    return {
      'sign-in': { running: this.running['sign-in'], waiting: this.queues['sign-in'].length },
      'new-password': { running: this.running['new-password'], waiting: this.queues['new-password'].length },
    };
  }

  /** Resolves once `startWaiting` gave this job a slot (counted already); refuses it after `maxWaitMs`. */
  private slotFor(priority: HashingPriority): Promise<void> {
    const queue = this.queues[priority];
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiting), 1);
        reject(new HashingPoolFull(priority));
      }, this.limits.maxWaitMs);
      queue.push(waiting);
    });
  }

  private mayStart(priority: HashingPriority): boolean {
    const total = this.running['sign-in'] + this.running['new-password'];
    if (total >= this.limits.concurrency) return false;
    return (
      priority === 'sign-in' || this.running['new-password'] < this.limits.concurrency - this.limits.reservedForSignIn
    );
  }

  private queueLimit(priority: HashingPriority): number {
    return priority === 'sign-in' ? this.limits.signInQueue : this.limits.newPasswordQueue;
  }

  /** Sign-ins first, then new-password work, each in arrival order, while slots allow. */
  private startWaiting(): void {
    for (const priority of ['sign-in', 'new-password'] as const) {
      const queue = this.queues[priority];
      while (queue.length > 0 && this.mayStart(priority)) {
        this.running[priority]++;
        queue.shift()!.start();
      }
    }
  }
}

/**
 * Two to three hashes at once: at least two, so one can be kept for sign-ins; at most three, so one of
 * libuv's four threads stays free for the rest of the process (DNS lookups, file reads).
 */
export function defaultHashingLimits(
  concurrency = Math.max(2, Math.min(3, availableParallelism())),
): HashingPoolLimits {
  return {
    concurrency,
    reservedForSignIn: Math.max(1, Math.floor(concurrency / 3)),
    signInQueue: concurrency * 16,
    newPasswordQueue: concurrency * 8,
    maxWaitMs: MAX_HASHING_WAIT_MS,
  };
}

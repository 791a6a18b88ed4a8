import type { Redis } from 'ioredis';

/**
 * Counts an attempt up front and refuses it while the wait earned by earlier failures is running:
 * after `freeFailures`, each failure doubles the wait since the last one, from `firstDelayMs` up to
 * `maxDelayMs`. One script, so parallel guesses cannot all pass the check before any is counted.
 * Returns the milliseconds still to wait (0: allowed and counted).
 */
const ATTEMPT = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
local now, free, first, max, memory = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if n >= free then
  local wait = last + math.min(max, first * 2 ^ (n - free)) - now
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'n', n + 1, 't', now)
redis.call('PEXPIRE', KEYS[1], memory)
return 0`;

/** Takes back an attempt that ended without a verdict (the service did not answer). */
const GIVE_BACK = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if n > 0 then redis.call('HSET', KEYS[1], 'n', n - 1) end
return n`;

export interface GrowingDelayPolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  memoryMs: number;
}

export class GrowingDelay {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: GrowingDelayPolicy,
  ) {}

  /** 0 when the attempt may go ahead (it is counted as a failure until forgiven), else the wait in ms. */
  async attempt(key: string, now = Date.now()): Promise<number> {
    const { freeFailures, firstDelayMs, maxDelayMs, memoryMs } = this.policy;
    const wait = await this.redis.eval(
      ATTEMPT,
      1,
      this.prefix + key,
      now,
      freeFailures,
      firstDelayMs,
      maxDelayMs,
      memoryMs,
    );
    return Number(wait);
  }

  async giveBack(key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK, 1, this.prefix + key);
  }

  /** A success wipes the slate for this key. */
  async forgive(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

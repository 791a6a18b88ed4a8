import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCodes, type OverloadedDetails, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import {
  defaultHashingLimits,
  HashingPool,
  HashingPoolFull,
  type HashingPoolLimits,
  type HashingPriority,
} from './hashing-pool.js';

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's baseline (m = 19 MiB, t = 2, p = 1). The
 * async calls run on the libuv thread pool, so hashing never blocks the event loop.
 */
export const ARGON2_OPTIONS: Options = {
  // `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** What a refused caller is told to wait: the queue ahead drains in well under a second. */
export const HASHING_RETRY_AFTER_SECONDS = 1;

/**
 * Every argon2 run goes through one bounded pool (see `HashingPool`). Checking an existing user's
 * password is sign-in work, served first and with its own slot; making a new hash (registration,
 * reset, invitation) is the kind a flood sends, refused at once with COMMON.OVERLOADED when its
 * queue is full, so the gateway answers 503 with Retry-After without waiting for a deadline.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: Promise<string> | undefined;
  private readonly pool: HashingPool;

  constructor(limits: HashingPoolLimits = defaultHashingLimits()) {
    this.pool = new HashingPool(limits);
  }

  onModuleInit(): void {
    this.dummyHash = this.newDummyHash();
  }

  /**
   * Throws COMMON.OVERLOADED now if a new hash would be refused: called before the reads that lead up
   * to one, so a flood is shed before it costs the database anything.
   */
  refuseNewHashIfSaturated(): void {
    if (!this.pool.hasRoom('new-password')) throw overloaded();
  }

  hash(password: string): Promise<string> {
    return this.inPool('new-password', () => hash(password, ARGON2_OPTIONS));
  }

  /** The parameters come from the stored hash, so hashes made under older settings still verify. */
  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.inPool('sign-in', () => verify(passwordHash, password));
  }

  /**
   * Spends the time of a real verification when there is no user, so a login for an unknown email
   * cannot be told from a wrong password by its timing. Always false.
   */
  async verifyWithoutUser(password: string): Promise<false> {
    this.dummyHash ??= this.newDummyHash();
    const dummy = await this.dummyHash;
    await this.inPool('sign-in', () => verify(dummy, password));
    return false;
  }

  /** Made once outside the pool: a flood must not leave the process without its timing decoy. */
  private newDummyHash(): Promise<string> {
    return hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  }

  private async inPool<T>(priority: HashingPriority, work: () => Promise<T>): Promise<T> {
    try {
      return await this.pool.run(priority, work);
    } catch (error) {
      if (!(error instanceof HashingPoolFull)) throw error;
      throw overloaded();
    }
  }
}

function overloaded(): DomainError {
  const details: OverloadedDetails = { retryAfterSeconds: HASHING_RETRY_AFTER_SECONDS };
  return new DomainError(ErrorCodes.overloaded, ServerMessages.overloaded, details);
}

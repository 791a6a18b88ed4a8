import { describe, expect, it } from '@jest/globals';
import { parseOptions } from '@node-rs/argon2';
import { ErrorCodes, OverloadedDetailsSchema, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';
import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  hasher.onModuleInit();

  it('hashes with argon2id at the OWASP parameters (19 MiB, t=2, p=1)', async () => {
    const hash = await hasher.hash('correct-horse-7');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(hash)).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hasher.hash('correct-horse-7');
    expect(await hasher.verify(hash, 'correct-horse-7')).toBe(true);
    expect(await hasher.verify(hash, 'correct-horse-8')).toBe(false);
  });

  it('answers false when there is no user, after real argon2 work', async () => {
    const started = performance.now();
    expect(await hasher.verifyWithoutUser('anything')).toBe(false);
    // A 19 MiB, two-pass argon2 run cannot finish in well under a millisecond.
    expect(performance.now() - started).toBeGreaterThan(1);
  });

  it('refuses new hashes beyond its pool with COMMON.OVERLOADED and a retry time, while a sign-in still runs', async () => {
    const small = new PasswordHasher({
      concurrency: 2,
      reservedForSignIn: 1,
      signInQueue: 0,
      newPasswordQueue: 0,
      maxWaitMs: 1000,
    });
    const stored = await small.hash('correct-horse-7');
    const flooding = Promise.allSettled(Array.from({ length: 4 }, () => small.hash('flood-password-1')));
    // Saturated: the next registration is shed before it reads anything.
    expect(() => small.refuseNewHashIfSaturated()).toThrow(DomainError);
    // Asked while the flood holds every slot new passwords may use: the reserved one takes it.
    await expect(small.verify(stored, 'correct-horse-7')).resolves.toBe(true);
    const flood = await flooding;
    expect(() => small.refuseNewHashIfSaturated()).not.toThrow();
    expect(flood.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of flood.filter((result) => result.status === 'rejected')) {
      const error = outcome.reason as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      expect(error.toRpcError()).toEqual({
        code: ErrorCodes.overloaded,
        message: ServerMessages.overloaded,
        details: OverloadedDetailsSchema.parse(error.details),
      });
    }
  });
});

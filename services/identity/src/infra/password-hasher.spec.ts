import { describe, expect, it } from '@jest/globals';
import { parseOptions } from '@node-rs/argon2';
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
});

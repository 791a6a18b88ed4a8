import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';

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

@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash: Promise<string> | undefined;

  onModuleInit(): void {
    this.dummyHash = this.hash(randomBytes(32).toString('base64url'));
  }

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  /** The parameters come from the stored hash, so hashes made under older settings still verify. */
  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password);
  }

  /**
   * Spends the time of a real verification when there is no user, so a login for an unknown email
   * cannot be told from a wrong password by its timing. Always false.
   */
  async verifyWithoutUser(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await verify(await this.dummyHash, password);
    return false;
  }
}

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults that every authenticator app understands. */
const PERIOD_SECONDS = 30;
const ISSUER = 'MedPath Tutors';
/** One step either side absorbs clock drift between the server and the phone. */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_COUNT = 10;

/** Two independent keys from TOTP_ENCRYPTION_KEY: one encrypts secrets, one keys recovery-code HMACs. */
export function totpKeys(configured: string): { encryption: Buffer; recoveryHmac: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', configured, 'medpath-identity', info, 32));
  return { encryption: derive('totp-secret-encryption'), recoveryHmac: derive('recovery-code-hmac') };
}

/** AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>` in base64url; the user id is bound in as associated data. */
export function encryptSecret(key: Buffer, userId: number, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(key: Buffer, userId: number, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** A fresh 160-bit secret (RFC 4226's recommended length), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpFor = (base32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), period: PERIOD_SECONDS });

export const otpauthUrl = (base32: string, label: string): string => totpFor(base32, label).toString();

/** The code for `timestamp` (tests and the e2e act as the phone). */
export const totpCode = (base32: string, timestamp = Date.now()): string =>
  totpFor(base32, 'code').generate({ timestamp });

/**
 * The time step a valid code belongs to, or null. Callers accept it only when it is later than the
 * last step accepted, so a code (or an earlier one) cannot be replayed within its window.
 */
export function matchingStep(base32: string, code: string, timestamp = Date.now()): number | null {
  const delta = totpFor(base32, 'code').validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** Ten codes of 50 random bits each, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const isRecoveryCodeShape = (code: string): boolean => !/^\d{6}$/.test(code.trim());

/** Case and the dash do not matter; the keyed hash makes a leaked table useless without the key. */
export const hashRecoveryCode = (key: Buffer, code: string): string =>
  createHmac('sha256', key).update(code.trim().toLowerCase().replace('-', '')).digest('hex');

import { createHash, randomBytes } from 'node:crypto';
import { Limits } from '@medtutor/contracts';

/** A user gets at most one reset email a minute, however often the form is sent. */
export const RESEND_COOLDOWN_MS = 60_000;

/** 256 random bits, URL-safe: a link cannot be guessed. */
export const generateResetToken = (): string => randomBytes(32).toString('base64url');

/**
 * Only this digest is stored. A fast hash is enough (no salt, no argon2): the token is 256 random
 * bits, not a human-chosen secret, so there is nothing to brute-force.
 */
export const hashResetToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const resetTokenExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + Limits.resetTokenTtlMinutes * 60_000);

export const isResetTokenUsable = (reset: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean =>
  reset.usedAt === null && reset.expiresAt.getTime() > now.getTime();

/** False while the user's newest unused link is younger than the cooldown (it is probably on its way). */
export const mayIssueResetToken = (newestUnusedIssuedAt: Date | null, now: Date): boolean =>
  newestUnusedIssuedAt === null || now.getTime() - newestUnusedIssuedAt.getTime() >= RESEND_COOLDOWN_MS;

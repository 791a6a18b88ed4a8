import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Limits } from '@medtutor/contracts';
import {
  generateResetToken,
  hashResetToken,
  isResetTokenUsable,
  mayIssueResetToken,
  RESEND_COOLDOWN_MS,
  resetTokenExpiry,
} from './reset-token.js';

const now = new Date('2026-11-22T09:00:00.000Z');
const minutes = (n: number) => n * 60_000;

describe('generateResetToken', () => {
  it('makes 256-bit URL-safe tokens that do not repeat', () => {
    const tokens = Array.from({ length: 100 }, generateResetToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});

describe('hashResetToken', () => {
  it('is the SHA-256 hex digest, never the token itself', () => {
    const token = generateResetToken();
    expect(hashResetToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(token)).not.toContain(token);
  });
});

describe('resetTokenExpiry', () => {
  it(`is ${Limits.resetTokenTtlMinutes} minutes after issue`, () => {
    expect(resetTokenExpiry(now).getTime() - now.getTime()).toBe(minutes(Limits.resetTokenTtlMinutes));
  });
});

describe('isResetTokenUsable', () => {
  const expiresAt = resetTokenExpiry(now);

  it('accepts an unused token before its expiry', () => {
    expect(isResetTokenUsable({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(true);
  });

  it('rejects a token at or after its expiry', () => {
    expect(isResetTokenUsable({ usedAt: null, expiresAt }, expiresAt)).toBe(false);
    expect(isResetTokenUsable({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() + 1))).toBe(false);
  });

  it('rejects a used or superseded token even before its expiry', () => {
    expect(isResetTokenUsable({ usedAt: now, expiresAt }, now)).toBe(false);
  });
});

describe('mayIssueResetToken', () => {
  it('issues when the user has no unused link', () => {
    expect(mayIssueResetToken(null, now)).toBe(true);
  });

  it('holds back while the newest unused link is younger than the cooldown', () => {
    expect(mayIssueResetToken(new Date(now.getTime() - RESEND_COOLDOWN_MS + 1), now)).toBe(false);
  });

  it('issues again once the cooldown has passed', () => {
    expect(mayIssueResetToken(new Date(now.getTime() - RESEND_COOLDOWN_MS), now)).toBe(true);
  });
});

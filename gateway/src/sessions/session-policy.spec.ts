import { describe, expect, it } from '@jest/globals';
import { isPastAbsoluteExpiry, sessionCookieOptions, sessionTtlSeconds } from './session-policy.js';

const HOUR = 3_600_000;
const created = Date.UTC(2026, 10, 22, 9, 0, 0);

describe('absolute expiry', () => {
  it('keeps a session until its absolute lifetime has passed', () => {
    expect(isPastAbsoluteExpiry(created, created, 168 * HOUR)).toBe(false);
    expect(isPastAbsoluteExpiry(created, created + 168 * HOUR - 1, 168 * HOUR)).toBe(false);
  });

  it('ends it at and after the limit, however active it was', () => {
    expect(isPastAbsoluteExpiry(created, created + 168 * HOUR, 168 * HOUR)).toBe(true);
    expect(isPastAbsoluteExpiry(created, created + 400 * HOUR, 168 * HOUR)).toBe(true);
  });

  it('treats a missing or malformed creation time as expired', () => {
    expect(isPastAbsoluteExpiry(undefined, created, HOUR)).toBe(true);
    expect(isPastAbsoluteExpiry('2026-11-22', created, HOUR)).toBe(true);
    expect(isPastAbsoluteExpiry(Number.NaN, created, HOUR)).toBe(true);
  });
});

describe('session TTL in Redis', () => {
  it('is the idle window for a fresh session', () => {
    expect(sessionTtlSeconds(created, created, 2 * HOUR, 168 * HOUR)).toBe(7200);
    expect(sessionTtlSeconds(undefined, created, 2 * HOUR, 168 * HOUR)).toBe(7200);
  });

  it('never outlives the absolute end, and is not positive past it', () => {
    expect(sessionTtlSeconds(created, created + 167.5 * HOUR, 2 * HOUR, 168 * HOUR)).toBe(1800);
    expect(sessionTtlSeconds(created, created + 169 * HOUR, 2 * HOUR, 168 * HOUR)).toBeLessThanOrEqual(0);
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, Secure only when configured for production', () => {
    const session = { cookieName: 'sid', secureCookie: false, idleMs: HOUR, absoluteMs: HOUR };
    expect(sessionCookieOptions(session)).toEqual({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(sessionCookieOptions({ ...session, cookieName: '__Host-sid', secureCookie: true }).secure).toBe(true);
  });
});

import type { CookieOptions } from 'express';
import type { GatewayConfig } from '../config/gateway-config.js';

/**
 * A signed-in session ends at `createdAt + absoluteMs` whatever its activity. A session without a
 * usable creation time is treated as expired: failing closed beats trusting a malformed record.
 */
export function isPastAbsoluteExpiry(createdAt: unknown, now: number, absoluteMs: number): boolean {
  return typeof createdAt !== 'number' || !Number.isFinite(createdAt) || now >= createdAt + absoluteMs;
}

/** Redis TTL of a session: the idle window, cut short by the absolute end (≤ 0 means delete). */
export function sessionTtlSeconds(
  createdAt: number | undefined,
  now: number,
  idleMs: number,
  absoluteMs: number,
): number {
  const idle = Math.ceil(idleMs / 1000);
  return createdAt === undefined ? idle : Math.min(idle, Math.ceil((createdAt + absoluteMs - now) / 1000));
}

/** The session cookie: script-proof, not sent on cross-site subrequests or POSTs, HTTPS-only in production. */
export function sessionCookieOptions(session: GatewayConfig['session']): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: session.secureCookie, path: '/' };
}

import type { z } from 'zod';
import { PUBLISHED_DEV_PASSWORD_PREFIX } from '../nats/nats-connection.js';

/**
 * What marks a value as a stand-in for the real one: the manifests' and examples' `replace_me` and
 * `changeme`, and the published docker-compose defaults (`publishedDevOnly-…`). Found anywhere in
 * the value, so `pk_live_replace_me` and a URL whose password is `publishedDevOnly-redis` count.
 */
const PLACEHOLDER = new RegExp(`replace[_-]?me|change[_-]?me|${PUBLISHED_DEV_PASSWORD_PREFIX}`, 'i');

/** The placeholder mark in a value, if it holds one. */
export function placeholderIn(value: string): string | undefined {
  return PLACEHOLDER.exec(value)?.[0];
}

/**
 * In production, refuses every setting of a parsed environment that still holds a placeholder, so a
 * deployment with an unfilled value stops at start instead of failing at the first payment or
 * sign-in. Names the variable and the mark, never the value (it may be a real secret around it).
 */
export function refusePlaceholders(env: { NODE_ENV?: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  for (const [key, value] of Object.entries(env)) {
    const mark = typeof value === 'string' ? placeholderIn(value) : undefined;
    if (!mark) continue;
    const message = mark.toLowerCase().startsWith(PUBLISHED_DEV_PASSWORD_PREFIX.toLowerCase())
      ? `holds a published development default (${mark}…), refused in production: set your own`
      : `holds the placeholder "${mark}", refused in production: set the real value`;
    ctx.addIssue({ code: 'custom', path: [key], message });
  }
}

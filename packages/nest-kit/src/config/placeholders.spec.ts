import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { loadConfig } from './load-config.js';
import { placeholderIn, refusePlaceholders } from './placeholders.js';

const schema = z
  .object({
    NODE_ENV: z.string().default('development'),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    REDIS_URL: z.string().optional(),
    PORT: z.coerce.number().optional(),
  })
  .superRefine(refusePlaceholders);
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
};

describe('refusePlaceholders', () => {
  it.each([
    ['pk_live_replace_me', 'replace_me'],
    ['sk_live_REPLACE-ME', 'REPLACE-ME'],
    ['smtps://user:changeme@smtp.example.com:465', 'changeme'],
    ['redis://:publishedDevOnly-redis@redis:6379', 'publishedDevOnly'],
    ['pk_live_51Habc', undefined],
    ['https://medpath.example.com', undefined],
  ])('finds the placeholder mark in %s', (value, mark) => {
    expect(placeholderIn(value)).toBe(mark);
  });

  it('refuses each placeholder in production, naming the variable and the mark but not the value', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_replace_me',
        REDIS_URL: 'redis://:publishedDevOnly-redis-9f3a@redis:6379',
        PORT: '8080',
      }),
    ).toEqual([
      '  - STRIPE_PUBLISHABLE_KEY: holds the placeholder "replace_me", refused in production: set the real value',
      '  - REDIS_URL: holds a published development default (publishedDevOnly…), refused in production: set your own',
    ]);
  });

  it('accepts placeholders outside production, and real values in production', () => {
    expect(problems({ NODE_ENV: 'development', STRIPE_PUBLISHABLE_KEY: 'pk_live_replace_me' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc' })).toEqual([]);
  });
});

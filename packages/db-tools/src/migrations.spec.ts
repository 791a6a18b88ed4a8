import { describe, expect, it } from '@jest/globals';
import { migrationSlug, migrationTimestamp } from './migrations.js';

describe('migration folder names', () => {
  it('uses the UTC time as YYYYMMDDHHMMSS, like Prisma', () => {
    expect(migrationTimestamp(new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304050607');
  });

  it('turns a free-text name into a lower-case slug', () => {
    expect(migrationSlug(' Add Discount-Codes! ')).toBe('add_discount_codes');
    expect(migrationSlug('init')).toBe('init');
  });

  it('refuses a name without letters or digits', () => {
    expect(() => migrationSlug(' -- ')).toThrow(/no letters or digits/);
  });
});

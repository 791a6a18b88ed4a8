import { describe, expect, it } from '@jest/globals';
import { sanitizeRequestId } from './correlation-id.js';

describe('sanitizeRequestId', () => {
  it('keeps ordinary ids from proxies and clients', () => {
    expect(sanitizeRequestId('3f2b9c1e-7a4d-4f7e-9c1b-2d3e4f5a6b7c')).toBe('3f2b9c1e-7a4d-4f7e-9c1b-2d3e4f5a6b7c');
    expect(sanitizeRequestId('req_42.retry:1')).toBe('req_42.retry:1');
  });

  it('rejects missing, repeated, oversized or unsafe values', () => {
    expect(sanitizeRequestId(undefined)).toBeUndefined();
    expect(sanitizeRequestId('')).toBeUndefined();
    expect(sanitizeRequestId(['a', 'b'])).toBeUndefined();
    expect(sanitizeRequestId('a'.repeat(129))).toBeUndefined();
    expect(sanitizeRequestId('a'.repeat(128))).toBe('a'.repeat(128));
    expect(sanitizeRequestId('abc\r\nx-admin: 1')).toBeUndefined();
    expect(sanitizeRequestId('<script>')).toBeUndefined();
    expect(sanitizeRequestId('-leading-dash')).toBeUndefined();
  });
});

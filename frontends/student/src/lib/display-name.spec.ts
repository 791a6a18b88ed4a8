import { describe, expect, it } from '@jest/globals';
import { welcomeName } from './display-name';

describe('welcomeName', () => {
  it('prefers the first name', () => {
    expect(welcomeName({ firstName: 'Amelia', username: 'amelia7' })).toBe('Amelia');
  });

  it('falls back to the username when the first name is missing or blank', () => {
    expect(welcomeName({ firstName: null, username: 'amelia7' })).toBe('amelia7');
    expect(welcomeName({ firstName: '  ', username: 'amelia7' })).toBe('amelia7');
  });
});

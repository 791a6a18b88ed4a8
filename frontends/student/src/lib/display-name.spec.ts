import { describe, expect, it } from '@jest/globals';
import { fullName, welcomeName } from './display-name';

describe('welcomeName', () => {
  it('prefers the first name', () => {
    expect(welcomeName({ firstName: 'Amelia', username: 'amelia7' })).toBe('Amelia');
  });

  it('falls back to the username when the first name is missing or blank', () => {
    expect(welcomeName({ firstName: null, username: 'amelia7' })).toBe('amelia7');
    expect(welcomeName({ firstName: '  ', username: 'amelia7' })).toBe('amelia7');
  });
});

describe('fullName', () => {
  it('joins the parts that were given', () => {
    expect(fullName({ firstName: 'Amelia', lastName: 'Jones', username: 'a' })).toBe('Amelia Jones');
    expect(fullName({ firstName: null, lastName: 'Jones', username: 'a' })).toBe('Jones');
  });

  it('falls back to the username', () => {
    expect(fullName({ firstName: null, lastName: ' ', username: 'amelia7' })).toBe('amelia7');
  });
});

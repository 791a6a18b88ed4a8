import { describe, expect, it } from '@jest/globals';
import { fullName } from './display-name';

describe('fullName', () => {
  it('joins the parts that were given', () => {
    expect(fullName({ firstName: 'Sam', lastName: 'Patel', username: 'admin' })).toBe('Sam Patel');
    expect(fullName({ firstName: 'Sam', lastName: null, username: 'admin' })).toBe('Sam');
  });

  it('falls back to the username', () => {
    expect(fullName({ firstName: null, lastName: null, username: 'admin' })).toBe('admin');
  });
});

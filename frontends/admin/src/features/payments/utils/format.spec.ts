import { describe, expect, it } from '@jest/globals';
import { studentOf, when } from './format';

describe('studentOf', () => {
  it('names the student, else the address, else the account', () => {
    expect(studentOf({ studentName: 'Ada Lovelace', studentEmail: 'ada@example.com', userId: 7 })).toBe('Ada Lovelace');
    expect(studentOf({ studentName: '  ', studentEmail: 'ada@example.com', userId: 7 })).toBe('ada@example.com');
    expect(studentOf({ studentName: null, studentEmail: null, userId: 7 })).toBe('User 7');
  });
});

describe('when', () => {
  it('reads in UK time, summer and winter', () => {
    expect(when('2026-11-25T10:05:00.000Z')).toBe('25 Nov 2026, 10:05');
    expect(when('2026-07-01T10:05:00.000Z')).toBe('1 Jul 2026, 11:05');
  });
});

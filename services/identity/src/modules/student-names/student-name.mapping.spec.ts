import { describe, expect, it } from '@jest/globals';
import { StudentNameChangedV1Schema } from '@medtutor/contracts';
import { displayNameOf, toStudentNameChangedV1 } from './student-name.mapping.js';

describe('displayNameOf', () => {
  it('joins the first and last name', () => {
    expect(displayNameOf({ username: 'amelia', firstName: 'Amelia', lastName: 'Jones' })).toBe('Amelia Jones');
  });

  it('uses whichever part is given, trimmed', () => {
    expect(displayNameOf({ username: 'amelia', firstName: ' Amelia ', lastName: null })).toBe('Amelia');
    expect(displayNameOf({ username: 'amelia', firstName: null, lastName: 'Jones' })).toBe('Jones');
  });

  it('falls back to the username when no name was given', () => {
    expect(displayNameOf({ username: 'amelia', firstName: null, lastName: '  ' })).toBe('amelia');
  });
});

describe('toStudentNameChangedV1', () => {
  it('carries the id, the name and the version only (no email, phone or username)', () => {
    const event = toStudentNameChangedV1({ id: 7, username: 'amelia', firstName: 'Amelia', lastName: null });
    expect(StudentNameChangedV1Schema.strict().parse(event)).toEqual({ userId: 7, name: 'Amelia', version: 1 });
  });
});

import { describe, expect, it } from '@jest/globals';
import { ConsultationBodySchema } from '@medtutor/contracts';
import { consultationSubjectOptions } from './consultation-body';

const values = {
  firstName: 'Amelia',
  lastName: 'Jones',
  phone: '12345',
  subjectInterest: 'Medical School Exams',
};

const firstIssue = (input: object, field: string) =>
  ConsultationBodySchema.safeParse({ ...values, ...input }).error?.issues.find((issue) => issue.path[0] === field)
    ?.message;

describe('consultation form rules (docs/product.md §5 wording)', () => {
  it('reports each field with the spec message', () => {
    expect(firstIssue({ firstName: 'A' }, 'firstName')).toBe('First name must be at least 2 characters');
    expect(firstIssue({ lastName: ' J ' }, 'lastName')).toBe('Last name must be at least 2 characters');
    expect(firstIssue({ email: 'nope' }, 'email')).toBe('Please enter a valid email address');
    expect(firstIssue({ phone: '1234' }, 'phone')).toBe('Please enter a valid phone number');
    expect(firstIssue({ subjectInterest: undefined }, 'subjectInterest')).toBe('Please select a subject');
    expect(firstIssue({ subjectInterest: '' }, 'subjectInterest')).toBe('Please select a subject');
  });

  it('sends the empty fields of a fresh form as the server takes them: no email, no parent', () => {
    expect(ConsultationBodySchema.parse({ ...values, email: '', additionalInfo: '', isParent: false })).toEqual({
      ...values,
      email: undefined,
      additionalInfo: '',
      isParent: false,
    });
    expect(ConsultationBodySchema.parse(values).isParent).toBe(false);
  });

  it('offers the four subjects', () => {
    expect(consultationSubjectOptions.map((option) => option.value)).toEqual([
      'UCAT',
      'Medical School Interviews',
      'Medical School Support',
      'Medical School Exams',
    ]);
  });
});

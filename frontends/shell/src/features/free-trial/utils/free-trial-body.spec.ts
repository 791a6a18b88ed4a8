import { describe, expect, it } from '@jest/globals';
import { FreeTrialBodySchema, freeTrialAdditionalInfo } from '@medtutor/contracts';
import { freeTrialSubjects, toFreeTrialBody } from './free-trial-body';

const values = {
  firstName: 'Amelia',
  lastName: 'Jones',
  email: 'amelia@example.com',
  phone: '07700 900123',
  subjectInterest: 'Medical School Interviews',
  isParent: false,
};

/** What the form hands to toFreeTrialBody: its values checked by the free-trial schema. */
const checked = (input: object = {}) => FreeTrialBodySchema.parse({ ...values, ...input });

const firstIssue = (input: object, field: string) =>
  FreeTrialBodySchema.safeParse({ ...values, ...input }).error?.issues.find((issue) => issue.path[0] === field)
    ?.message;

describe('toFreeTrialBody', () => {
  it('prefixes the subject and fills the default additional information when left empty', () => {
    expect(toFreeTrialBody(checked({ additionalInfo: '' }))).toEqual({
      ...values,
      subjectInterest: 'FREE TRIAL - Medical School Interviews',
      additionalInfo: freeTrialAdditionalInfo('Medical School Interviews'),
    });
    expect(toFreeTrialBody(checked()).additionalInfo).toBe(
      'This is a free trial session request for Medical School Interviews. Please contact me through your messaging app to arrange it.',
    );
  });

  it('keeps additional information the visitor wrote, trimmed by the schema', () => {
    expect(toFreeTrialBody(checked({ additionalInfo: '  Interview in March  ' })).additionalInfo).toBe(
      'Interview in March',
    );
  });

  it('defaults isParent to false', () => {
    const { isParent: _omitted, ...withoutParent } = values;
    expect(toFreeTrialBody(FreeTrialBodySchema.parse(withoutParent)).isParent).toBe(false);
  });
});

describe('free-trial form rules (the schema the form loads)', () => {
  it('requires a valid email and a phone of at least 10 characters', () => {
    expect(firstIssue({ email: '' }, 'email')).toBe('Please enter a valid email address');
    expect(firstIssue({ email: 'not-an-email' }, 'email')).toBe('Please enter a valid email address');
    expect(firstIssue({ phone: '123456789' }, 'phone')).toBe('Please enter a valid phone number');
    expect(firstIssue({ phone: '1234567890' }, 'phone')).toBeUndefined();
  });

  it('asks for a subject when the select is left on its placeholder', () => {
    expect(firstIssue({ subjectInterest: '' }, 'subjectInterest')).toBe('Please select a subject');
  });

  it('offers a trial only for the subjects on sale', () => {
    expect(freeTrialSubjects).toEqual(['Medical School Interviews', 'Medical School Support']);
  });
});

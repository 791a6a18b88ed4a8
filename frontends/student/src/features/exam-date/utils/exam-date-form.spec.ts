import { describe, expect, it } from '@jest/globals';
import type { PackageDto } from '@medtutor/contracts';
import { ExamDateFormSchema, packagesForSubject } from './exam-date-form';

/** The form shows each field's first issue. */
const issues = (values: unknown) => {
  const first = new Map<unknown, string>();
  for (const issue of ExamDateFormSchema.safeParse(values).error?.issues ?? []) {
    if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
  }
  return [...first];
};

describe('ExamDateFormSchema', () => {
  it('requires a date with the spec wording', () => {
    expect(issues({ subject: 'UCAT' })).toEqual([['examDate', 'Exam date is required']]);
    expect(issues({ subject: 'UCAT', examDate: '' })).toEqual([['examDate', 'Exam date is required']]);
  });

  it('requires one of the four subjects', () => {
    expect(issues({ examDate: '2027-05-01' })).toEqual([['subject', 'Please select a subject']]);
    expect(ExamDateFormSchema.parse({ subject: 'Medical School Exams', examDate: '2027-05-01' })).toEqual({
      subject: 'Medical School Exams',
      examDate: '2027-05-01',
    });
  });
});

describe('packagesForSubject', () => {
  const pkg = (id: number, subject: PackageDto['subject']) => ({ id, subject }) as PackageDto;

  it('finds every package of the subject, or none', () => {
    const packages = [pkg(1, 'UCAT'), pkg(2, 'Medical School Support'), pkg(3, 'UCAT')];
    expect(packagesForSubject(packages, 'UCAT')).toEqual([1, 3]);
    expect(packagesForSubject(packages, 'Medical School Exams')).toEqual([]);
  });
});

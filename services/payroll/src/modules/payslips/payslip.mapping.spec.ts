import { describe, expect, it } from '@jest/globals';
import type { LoggedWeekPackage } from '../../generated/prisma/client.js';
import { studentNotesOf } from './payslip.mapping.js';

const line = (studentUserId: number, hours: string, subject = 'UCAT'): LoggedWeekPackage =>
  ({
    tutorId: 3,
    weekStarting: new Date('2026-11-23T00:00:00Z'),
    sessionId: studentUserId,
    studentUserId,
    subject,
    // Prisma's Decimal: only its text is read.
    hours: { toString: () => hours },
  }) as unknown as LoggedWeekPackage;

describe('studentNotesOf', () => {
  it("names each package's student from the read model, and shows the id of one not heard of yet", () => {
    const names = new Map([[10, 'Amelia Jones']]);
    expect(studentNotesOf([line(10, '1.5'), line(11, '2', 'Medical School Interviews')], names)).toBe(
      'Amelia Jones (UCAT): 1.5 h\nStudent #11 (Medical School Interviews): 2 h',
    );
  });

  it('is null for a week without sessions', () => {
    expect(studentNotesOf([], new Map())).toBeNull();
  });
});

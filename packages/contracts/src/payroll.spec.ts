import { describe, expect, it } from '@jest/globals';
import { mondayOf, SavePayslipBodySchema } from './payroll.js';

describe('mondayOf', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-25', '2026-11-23'], // Wednesday
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2027-01-01', '2026-12-28'], // across the year
  ])('%s → %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });
});

describe('SavePayslipBodySchema', () => {
  it('normalises the week to its Monday and empty notes to null', () => {
    expect(
      SavePayslipBodySchema.parse({
        weekStarting: '2026-11-26',
        hoursWorked: '7.5',
        studentNotes: '',
        additionalNotes: null,
      }),
    ).toEqual({ weekStarting: '2026-11-23', hoursWorked: 7.5, studentNotes: null, additionalNotes: null });
  });

  it.each([
    [{ weekStarting: '' }, 'weekStarting', 'Week starting date is required'],
    [{ weekStarting: undefined }, 'weekStarting', 'Week starting date is required'],
    [{ weekStarting: '2026-02-30' }, 'weekStarting', 'Please enter a valid date'],
    [{ hoursWorked: undefined }, 'hoursWorked', 'Hours worked is required'],
    [{ hoursWorked: '' }, 'hoursWorked', 'Hours worked is required'],
    [{ hoursWorked: 7.25 }, 'hoursWorked', expect.stringContaining('one decimal place')],
    [{ hoursWorked: 1000 }, 'hoursWorked', expect.stringContaining('from 0 to 999.9')],
    [{ hoursWorked: -1 }, 'hoursWorked', expect.stringContaining('from 0 to 999.9')],
  ])('refuses %j', (patch, field, message) => {
    const result = SavePayslipBodySchema.safeParse({ weekStarting: '2026-11-23', hoursWorked: 4, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it('accepts hours with one decimal like 0.3 despite float noise', () => {
    expect(SavePayslipBodySchema.parse({ weekStarting: '2026-11-23', hoursWorked: 0.1 * 3 }).hoursWorked).toBeCloseTo(
      0.3,
    );
  });
});

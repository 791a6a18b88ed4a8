import { describe, expect, it } from '@jest/globals';
import { forecast, forecastText } from './forecast';

const now = new Date(2027, 0, 1, 12, 0, 0);

describe('forecast', () => {
  it('divides the hours left by the weeks to the exam, rounded up to the half hour', () => {
    // 10 hours over 35.5 days (5.07 weeks): 1.97 an hour a week, rounded up to 2.
    const value = forecast(10, '2027-02-06', now);

    expect(value).toEqual({ kind: 'plan', hoursLeft: 10, weeks: 5, hoursPerWeek: 2 });
    expect(forecastText(value)).toBe('About 2 hours a week uses your 10 hours over the 5 weeks before the exam.');
  });

  it('keeps half hours and singular wording', () => {
    const value = forecast(1.5, '2027-01-09', now);

    expect(value).toEqual({ kind: 'plan', hoursLeft: 1.5, weeks: 1, hoursPerWeek: 1.5 });
    expect(forecastText(value)).toBe('About 1.5 hours a week uses your 1.5 hours over the 1 week before the exam.');
  });

  it('asks for all remaining hours in the last week', () => {
    expect(forecastText(forecast(3, '2027-01-05', now))).toBe(
      'Under a week to go: 3 hours left to use before the exam.',
    );
  });

  it('has no plan without hours left', () => {
    expect(forecast(0, '2027-03-01', now)).toEqual({ kind: 'no-hours' });
    expect(forecastText({ kind: 'no-hours' })).toMatch(/purchase more hours/);
  });

  it('has no plan once the exam day has come or gone', () => {
    expect(forecast(5, '2027-01-01', now)).toEqual({ kind: 'exam-reached' });
    expect(forecast(5, '2026-12-01', now)).toEqual({ kind: 'exam-reached' });
  });
});

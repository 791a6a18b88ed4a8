import { examDayStart } from './countdown';

const WEEK = 7 * 24 * 60 * 60 * 1000;

export type Forecast =
  | { kind: 'no-hours' }
  | { kind: 'exam-reached' }
  /** Under a week to go: every remaining hour falls in this last week. */
  | { kind: 'final-week'; hoursLeft: number }
  | { kind: 'plan'; hoursLeft: number; weeks: number; hoursPerWeek: number };

/** Hours left ÷ weeks to the exam day: the weekly pace that uses the package up in time. */
export function forecast(hoursLeft: number, examDate: string, now: Date): Forecast {
  const left = examDayStart(examDate).getTime() - now.getTime();
  if (left <= 0) return { kind: 'exam-reached' };
  if (hoursLeft <= 0) return { kind: 'no-hours' };
  const weeks = left / WEEK;
  if (weeks < 1) return { kind: 'final-week', hoursLeft };
  // Rounded to the half hour, the step sessions are booked in.
  return { kind: 'plan', hoursLeft, weeks: Math.floor(weeks), hoursPerWeek: Math.ceil((hoursLeft / weeks) * 2) / 2 };
}

const hours = (value: number): string => `${value} hour${value === 1 ? '' : 's'}`;

export function forecastText(value: Forecast): string {
  switch (value.kind) {
    case 'no-hours':
      return 'No hours left on this subject: purchase more hours to keep preparing.';
    case 'exam-reached':
      return 'The exam date has arrived, so there is no weekly plan to follow.';
    case 'final-week':
      return `Under a week to go: ${hours(value.hoursLeft)} left to use before the exam.`;
    case 'plan':
      return `About ${hours(value.hoursPerWeek)} a week uses your ${hours(value.hoursLeft)} over the ${value.weeks} week${
        value.weeks === 1 ? '' : 's'
      } before the exam.`;
  }
}

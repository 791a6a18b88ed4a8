const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Countdown =
  | { kind: 'days'; days: number; hours: number; minutes: number; seconds: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'today' }
  | { kind: 'passed' };

/** The exam day's start in the viewer's time zone: an exam date is a calendar day, not an instant. */
export const examDayStart = (examDate: string): Date => {
  const [year = 0, month = 1, day = 1] = examDate.split('-').map(Number);
  return new Date(year, month - 1, day);
};

const sameLocalDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * docs/product.md §4's four states, counting down to the start of the exam day: more than a day left
 * shows days to seconds, under a day whole hours (rounded up, so "0 hours" never shows before the day).
 */
export function countdown(examDate: string, now: Date): Countdown {
  const start = examDayStart(examDate);
  if (sameLocalDay(start, now)) return { kind: 'today' };
  const left = start.getTime() - now.getTime();
  if (left <= 0) return { kind: 'passed' };
  if (left < DAY) return { kind: 'hours', hours: Math.ceil(left / HOUR) };
  return {
    kind: 'days',
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The words a countdown shows (docs/product.md §4 wording for today and past). */
export function countdownText(value: Countdown): string {
  switch (value.kind) {
    case 'days':
      return [
        plural(value.days, 'day'),
        plural(value.hours, 'hour'),
        plural(value.minutes, 'minute'),
        plural(value.seconds, 'second'),
      ].join(' ');
    case 'hours':
      return `${plural(value.hours, 'hour')} to go`;
    case 'today':
      return 'exam is today. Good luck!';
    case 'passed':
      return 'exam has passed';
  }
}

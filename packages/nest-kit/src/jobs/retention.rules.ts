const DAY_MS = 24 * 3_600_000;

/**
 * The instant a row kept for `days` is due for deletion at or before: a row exactly `days` × 24 hours
 * old is due, one a millisecond younger is not. Days of 24 hours, not calendar months, so 365 days
 * never exceed the 12 months the privacy policy promises (a leap year has 366).
 */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

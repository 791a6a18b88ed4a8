import type { Dayjs } from 'dayjs';

/**
 * The created-date filter from the range picker: each end as YYYY-MM-DD (the server's dates are
 * inclusive, UTC), an empty end meaning open-ended.
 */
export function dateRangeFilter(
  dates: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined,
): { from?: string; to?: string } {
  const [from, to] = dates ?? [null, null];
  return { from: from ? from.format('YYYY-MM-DD') : undefined, to: to ? to.format('YYYY-MM-DD') : undefined };
}

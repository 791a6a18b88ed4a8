import { mondayOf } from '@medtutor/contracts';

/** Monday of the current week (UTC), the default week of a new timesheet. */
export const currentWeekStart = (now: Date = new Date()): string => mondayOf(now.toISOString().slice(0, 10));

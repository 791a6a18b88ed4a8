import { weekStartOf } from '../../overview/utils/aggregate';

/** Monday of the current week, the default week of a new timesheet. */
export const currentWeekStart = (now: Date = new Date()): string => weekStartOf(now.toISOString());

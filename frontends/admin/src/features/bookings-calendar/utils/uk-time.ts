import {
  addLocalDays,
  BookingTimeZone,
  firstInstantAtOrAfter,
  instantsAt,
  isoWeekday,
  localDateOf,
  localMinutesOf,
} from '@medtutor/contracts';

/**
 * The calendar's days and times are the business's (Europe/London), whatever the admin's own zone:
 * the contracts' zoned-time rules (Intl) turn them into instants and back, as the server does.
 */
const zone = BookingTimeZone;

/** A week Monday to Sunday in UK dates, and the instants it runs between (its Monday's and next Monday's midnights). */
export interface CalendarWeek {
  /** 'YYYY-MM-DD' of the Monday. */
  monday: string;
  /** The seven UK dates, Monday first. */
  days: string[];
  /** ISO instants: the first instant of Monday and of the following Monday (7 × 24 hours ± the clock change). */
  from: string;
  to: string;
}

export const weekStarting = (monday: string): CalendarWeek => {
  const days = Array.from({ length: 7 }, (_, i) => addLocalDays(monday, i));
  return {
    monday,
    days,
    from: new Date(firstInstantAtOrAfter(monday, 0, zone)).toISOString(),
    to: new Date(firstInstantAtOrAfter(addLocalDays(monday, 7), 0, zone)).toISOString(),
  };
};

/** The UK week (Monday to Sunday) an instant falls in. */
export const weekContaining = (instantMs: number): CalendarWeek => {
  const date = localDateOf(instantMs, zone);
  return weekStarting(addLocalDays(date, 1 - isoWeekday(date)));
};

/** The clock change inside a week, if any: its week is an hour shorter (forward) or longer (back). */
export const clockChangeOf = (week: CalendarWeek): 'forward' | 'back' | null => {
  const hours = (Date.parse(week.to) - Date.parse(week.from)) / 3_600_000;
  return hours < 168 ? 'forward' : hours > 168 ? 'back' : null;
};

export const shiftWeek = (week: CalendarWeek, weeks: number): CalendarWeek =>
  weekStarting(addLocalDays(week.monday, 7 * weeks));

/** The UK date an instant falls on. */
export const ukDateOf = (iso: string): string => localDateOf(Date.parse(iso), zone);

/** Minutes after UK midnight at an instant. */
export const ukMinutesOf = (iso: string): number => localMinutesOf(Date.parse(iso), zone);

/** 'HH:mm' of minutes after midnight. */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 'HH:mm' in UK time. */
export const ukTimeOf = (iso: string): string => clockText(ukMinutesOf(iso));

const dateOnly = (date: string) => new Date(`${date}T12:00:00Z`);
const formats = {
  short: new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }),
};

/** The date's parts joined by spaces: ICU versions differ on the comma after the weekday. */
const dateText = (date: string, format: keyof typeof formats): string =>
  formats[format]
    .formatToParts(dateOnly(date))
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');

/** 'Mon 29 Mar' for a UK date. */
export const dayLabel = (date: string): string => dateText(date, 'short');

/** 'Monday 29 March 2027' for a UK date. */
export const longDayLabel = (date: string): string => dateText(date, 'long');

/** '29 Mar – 4 Apr 2027': the week's first and last days. */
export const weekLabel = (week: CalendarWeek): string => {
  const first = dateOnly(week.monday);
  const last = dateOnly(week.days[6]!);
  const short = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${short(first)} – ${short(last)} ${last.getUTCFullYear()}`;
};

/** 'Monday 29 March 2027, 09:00 UK time' for an instant. */
export const ukMomentLabel = (iso: string): string => `${longDayLabel(ukDateOf(iso))}, ${ukTimeOf(iso)} UK time`;

/** 'Monday 29 March 2027, 09:00–10:00 UK time' for a booking's start and end. */
export const ukSpanLabel = (start: string, end: string): string =>
  `${longDayLabel(ukDateOf(start))}, ${ukTimeOf(start)}–${ukTimeOf(end)} UK time`;

export type UkInstant =
  | {
      ok: true;
      iso: string;
      /** The clock showed this time twice (autumn): the first, in BST, is taken. */ repeated: boolean;
    }
  | { ok: false; field: 'date' | 'time'; reason: string };

export const UkTimeMessages = {
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  timeInvalid: 'Enter the time as HH:mm (24-hour)',
  skipped: 'This time does not exist in the UK: the clocks go forward an hour that night. Choose another time.',
  repeated: 'The clocks go back that night, so this time happens twice: the first one (BST) is used.',
} as const;

/**
 * A UK date ('YYYY-MM-DD') and wall-clock time ('HH:mm') as the instant the server takes. A time the
 * spring change skips is refused; one the autumn change repeats is its first pass (BST), and flagged.
 */
export function ukInstant(date: string, time: string): UkInstant {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed) || !new Date(parsed).toISOString().startsWith(date)) {
    return { ok: false, field: 'date', reason: UkTimeMessages.dateInvalid };
  }
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return { ok: false, field: 'time', reason: UkTimeMessages.timeInvalid };
  const instants = instantsAt(date, Number(match[1]) * 60 + Number(match[2]), zone);
  if (instants.length === 0) return { ok: false, field: 'time', reason: UkTimeMessages.skipped };
  return { ok: true, iso: new Date(instants[0]!).toISOString(), repeated: instants.length > 1 };
}

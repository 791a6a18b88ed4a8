/**
 * Wall-clock time in a named zone ↔ UTC instants, from the runtime's ICU time-zone data (Intl): no
 * offsets are written here. Local dates are 'YYYY-MM-DD'; local times are minutes after midnight.
 * Shared by the tutoring service's slot rules and the frontends' calendars (BookingTimeZone), so a
 * time typed in the browser and a slot computed on the server agree around the clock changes.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** The wall-clock reading of an instant, as if that reading were UTC (whole minutes). */
export const wallClockOf = (instantMs: number, zone: string): number => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
};

const parseLocalDate = (date: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a local date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

const formatLocalDate = (wallMs: number): string => new Date(wallMs).toISOString().slice(0, 10);

/** The local date ('YYYY-MM-DD') an instant falls on in the zone. */
export const localDateOf = (instantMs: number, zone: string): string =>
  formatLocalDate(wallClockOf(Math.floor(instantMs / MINUTE) * MINUTE, zone));

/** ISO weekday of a local date: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => {
  const day = new Date(parseLocalDate(date)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The local date `days` after `date` (calendar days, no clock involved). */
export const addLocalDays = (date: string, days: number): string => formatLocalDate(parseLocalDate(date) + days * DAY);

/** Minutes after local midnight that the zone's wall clock shows at an instant. */
export const localMinutesOf = (instantMs: number, zone: string): number =>
  Math.floor((wallClockOf(Math.floor(instantMs / MINUTE) * MINUTE, zone) % DAY) / MINUTE);

/**
 * Every instant at which the zone's wall clock shows `minutes` after midnight of `date`, earliest
 * first: one on most days, none for a reading the spring change skips, two for one the autumn change
 * repeats. `minutes` may be 1440 (next midnight).
 */
export const instantsAt = (date: string, minutes: number, zone: string): number[] => {
  const wanted = parseLocalDate(date) + minutes * MINUTE;
  // Every offset in force within a day of the reading; a zone changes offset at most once a day.
  const offsets = [...new Set([-DAY, 0, DAY].map((shift) => wallClockOf(wanted + shift, zone) - (wanted + shift)))];
  return [...new Set(offsets.map((offset) => wanted - offset))]
    .filter((instant) => wallClockOf(instant, zone) === wanted)
    .sort((a, b) => a - b);
};

/**
 * The first instant at which the zone's wall clock shows `minutes` after midnight of `date`, or a
 * later time: a reading that happens twice (autumn) gives its first occurrence, a reading skipped by
 * the clock change (spring) gives the instant of the change. `minutes` may be 1440 (next midnight).
 */
export const firstInstantAtOrAfter = (date: string, minutes: number, zone: string): number => {
  const exact = instantsAt(date, minutes, zone);
  if (exact.length > 0) return exact[0]!;
  const wanted = parseLocalDate(date) + minutes * MINUTE;
  const offsets = [-DAY, DAY].map((shift) => wallClockOf(wanted + shift, zone) - (wanted + shift));
  // Skipped reading: between the two candidate instants the clock jumps past it. Find the jump, minute by minute.
  let low = wanted - Math.max(...offsets); // reads earlier than wanted
  let high = wanted - Math.min(...offsets); // reads later than wanted
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
    if (wallClockOf(middle, zone) >= wanted) high = middle;
    else low = middle;
  }
  return high;
};

import type { AvailabilityBody, AvailabilityDto } from '@medtutor/contracts';

/**
 * The availability editor's form and the body of PUT /api/tutor/availability, both ways. Times are
 * minutes after midnight in UK time, on the quarter hour; 1440 ends a span at midnight.
 */

export interface SpanRow {
  startMinute: number | null;
  endMinute: number | null;
}

export interface ExceptionRow {
  date: string;
  /** A day off, or different hours that day (`spans`). */
  off: boolean;
  spans: SpanRow[];
}

export interface AvailabilityForm {
  /** ISO weekday (1 Monday … 7 Sunday) → its spans. */
  weekly: Record<number, SpanRow[]>;
  exceptions: ExceptionRow[];
}

export const Weekdays = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 7, name: 'Sunday' },
] as const;

const STEP = 15;

/** "09:15"; 1440 reads "24:00", the end of the day. */
export const timeLabel = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The quarter hours a span may start at (00:00–23:45) or end at (00:15–24:00). */
export const quarterHours = (edge: 'start' | 'end'): number[] =>
  Array.from({ length: 96 }, (_, index) => (edge === 'start' ? index : index + 1) * STEP);

const bySpanStart = (a: SpanRow, b: SpanRow) => (a.startMinute ?? 0) - (b.startMinute ?? 0);

export function formOf(dto: Pick<AvailabilityDto, 'weekly' | 'exceptions'>): AvailabilityForm {
  const weekly: Record<number, SpanRow[]> = Object.fromEntries(Weekdays.map(({ day }) => [day, []]));
  for (const span of dto.weekly) {
    weekly[span.weekday]!.push({ startMinute: span.startMinute, endMinute: span.endMinute });
  }
  for (const spans of Object.values(weekly)) spans.sort(bySpanStart);
  const exceptions = [...dto.exceptions]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((exception) => ({
      date: exception.date,
      off: exception.spans.length === 0,
      spans: exception.spans.map(({ startMinute, endMinute }) => ({ startMinute, endMinute })),
    }));
  return { weekly, exceptions };
}

/** Where a body entry came from in the form, to put the schema's message next to it. */
export type FieldPath = `weekly.${number}.${number}` | `exceptions.${number}` | `exceptions.${number}.${number}`;

/**
 * The body to save. Weekly spans go out day by day in the form's order; an empty choice goes as
 * null and is refused by the schema with its message. A day off goes with no spans.
 */
export function bodyOf(form: AvailabilityForm): { body: AvailabilityBody; origins: FieldPath[] } {
  const origins: FieldPath[] = [];
  const weekly = Weekdays.flatMap(({ day }) =>
    (form.weekly[day] ?? []).map((span, row) => {
      origins.push(`weekly.${day}.${row}`);
      return { weekday: day, startMinute: span.startMinute, endMinute: span.endMinute };
    }),
  );
  const exceptions = form.exceptions.map((exception) => ({
    date: exception.date,
    spans: exception.off ? [] : exception.spans.map(({ startMinute, endMinute }) => ({ startMinute, endMinute })),
  }));
  // Nulls are left for the schema to refuse, with its own message.
  return { body: { weekly, exceptions } as AvailabilityBody, origins };
}

/**
 * The schema's (or the server's) messages placed on the form: a span's own problem on its row, a
 * date's on its row, and those about a whole list (overlaps) under the list's name.
 */
export function problemsOf(
  issues: { path: PropertyKey[]; message: string }[],
  origins: FieldPath[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { path, message } of issues) {
    const [list, index, ...rest] = path;
    let key: string;
    if (list === 'weekly' && typeof index === 'number') key = origins[index] ?? 'weekly';
    else if (list === 'exceptions' && typeof index === 'number')
      key =
        rest[0] === 'spans' && typeof rest[1] === 'number' ? `exceptions.${index}.${rest[1]}` : `exceptions.${index}`;
    else key = String(list ?? 'form');
    problems[key] ??= message;
  }
  return problems;
}

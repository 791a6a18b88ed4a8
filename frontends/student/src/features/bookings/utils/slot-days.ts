import type { SlotsDto } from '@medtutor/contracts';
import { ukDayKey, ukDaysBetween, ukZoneName } from './uk-time';

type Slot = SlotsDto['slots'][number];

export interface SlotDay {
  /** The UK date, YYYY-MM-DD. */
  day: string;
  /** Its free start times, earliest first. */
  slots: Slot[];
  /** The zone names its times are in: one, or two on the days the clocks change. */
  zones: string[];
}

/**
 * The offered window (earliestStart to latestStart) day by day in UK time, each day with its free
 * start times, so days without any still show (and say so) and a slot just after midnight in
 * summer (23:30 UTC the day before) lands on its UK day.
 */
export function slotDays(reply: Pick<SlotsDto, 'earliestStart' | 'latestStart' | 'slots'>): SlotDay[] {
  const byDay = new Map<string, Slot[]>();
  for (const slot of [...reply.slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const key = ukDayKey(slot.start);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  if (Date.parse(reply.latestStart) < Date.parse(reply.earliestStart)) return [];
  return ukDaysBetween(reply.earliestStart, reply.latestStart).map((day) => {
    const slots = byDay.get(day) ?? [];
    return { day, slots, zones: [...new Set(slots.map((slot) => ukZoneName(slot.start)))] };
  });
}

/** The first day with a free time, to open the picker on. */
export const firstOpenDay = (days: SlotDay[]): string | null => days.find((day) => day.slots.length > 0)?.day ?? null;

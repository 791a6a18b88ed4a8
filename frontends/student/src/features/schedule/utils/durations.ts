import { SessionDurationsHours } from '@medtutor/contracts';

export interface DurationOption {
  hours: number;
  /** docs/product.md §5: an option longer than the hours left is offered but disabled. */
  disabled: boolean;
}

export const durationOptions = (remaining: number): DurationOption[] =>
  SessionDurationsHours.map((hours) => ({ hours, disabled: hours > remaining }));

/** The shortest duration that fits, preselected; null when none does. */
export const defaultDuration = (remaining: number): number | null =>
  durationOptions(remaining).find((option) => !option.disabled)?.hours ?? null;

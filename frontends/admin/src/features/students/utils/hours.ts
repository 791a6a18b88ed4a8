import { DualTutorMinimumHours, HoursStep, type PackageDto, ValidationMessages } from '@medtutor/contracts';

export type HoursInput =
  { kind: 'blank' } | { kind: 'invalid'; message: string } | { kind: 'valid'; usedHours: number };

/**
 * docs/product.md §5, admin hours update: a number from 0 to the package total in steps of 0.5; blank
 * input does nothing; anything else is 'Invalid Hours' with the range message.
 */
export function parseUsedHours(raw: string | number | null | undefined, totalHours: number): HoursInput {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') return { kind: 'blank' };
  const value = Number(text);
  const valid = Number.isFinite(value) && value >= 0 && value <= totalHours && Number.isInteger(value / HoursStep);
  return valid
    ? { kind: 'valid', usedHours: value }
    : { kind: 'invalid', message: ValidationMessages.hoursRange(totalHours) };
}

/** docs/product.md §4: dual tutors are offered only for packages of at least 10 hours. */
export const dualModeOffered = (pkg: Pick<PackageDto, 'totalHours'>): boolean =>
  pkg.totalHours >= DualTutorMinimumHours;

/** docs/product.md §4: dual mode starts on when the package already has two tutors or is big enough. */
export const dualModeByDefault = (pkg: Pick<PackageDto, 'totalHours' | 'hasDualTutors'>): boolean =>
  pkg.hasDualTutors || dualModeOffered(pkg);

export const remainingHours = (pkg: Pick<PackageDto, 'totalHours' | 'usedHours'>): number =>
  Math.max(0, pkg.totalHours - pkg.usedHours);

/** Hours refunds (or a lost dispute) took back from the package: what was bought less its total now. */
export const refundedHours = (pkg: Pick<PackageDto, 'originalHours' | 'totalHours'>): number =>
  Math.max(0, pkg.originalHours - pkg.totalHours);

/**
 * Why the package is on hold (an open payment dispute), or null. No session may be logged on it and
 * tutoring refuses one (409), so the portal says why instead of offering an action that fails.
 */
export const holdReason = (pkg: Pick<PackageDto, 'frozenReason'>): string | null =>
  pkg.frozenReason && pkg.frozenReason.trim() !== '' ? pkg.frozenReason : null;

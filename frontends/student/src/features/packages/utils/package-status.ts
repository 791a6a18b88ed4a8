import type { PackageDto } from '@medtutor/contracts';

export type PackageStatus = 'Not Started' | 'In Progress' | 'COMPLETED';

type UsedHours = Pick<PackageDto, 'usedHours' | 'totalHours'>;
type Hours = UsedHours & Pick<PackageDto, 'reservedHours'>;

/** docs/product.md §4: used >= total is COMPLETED (checked first, so an empty package reads as done). */
export function packageStatus({ usedHours, totalHours }: UsedHours): PackageStatus {
  if (usedHours >= totalHours) return 'COMPLETED';
  if (usedHours <= 0) return 'Not Started';
  return 'In Progress';
}

/** Hours still free to book: what neither a delivered session used nor an upcoming booking holds. */
export const remainingHours = ({ usedHours, totalHours, reservedHours }: Hours): number =>
  Math.max(0, totalHours - usedHours - reservedHours);

/** Progress bar percent, capped so an over-used package still reads 100. */
export const progressPercent = ({ usedHours, totalHours }: UsedHours): number =>
  totalHours <= 0 ? 100 : Math.min(100, Math.round((usedHours / totalHours) * 100));

export interface HoursSummary {
  total: number;
  used: number;
  remaining: number;
}

export const hoursSummary = (packages: readonly Hours[]): HoursSummary =>
  packages.reduce<HoursSummary>(
    (sum, item) => ({
      total: sum.total + item.totalHours,
      used: sum.used + item.usedHours,
      remaining: sum.remaining + remainingHours(item),
    }),
    { total: 0, used: 0, remaining: 0 },
  );

/** Hours refunds (or a lost dispute) took back: the bought hours less the package's current total. */
export const refundedHours = ({ originalHours, totalHours }: Pick<PackageDto, 'originalHours' | 'totalHours'>) =>
  Math.max(0, originalHours - totalHours);

/**
 * Why the package cannot be booked now, or null: an open payment dispute holds it (the server
 * refuses its sessions too, so the reason is shown rather than a booking that would fail).
 */
export const holdReason = ({ frozenReason }: Pick<PackageDto, 'frozenReason'>): string | null =>
  frozenReason && frozenReason.trim() !== '' ? frozenReason : null;

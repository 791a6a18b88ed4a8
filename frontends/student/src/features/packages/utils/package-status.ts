import type { PackageDto } from '@medtutor/contracts';

export type PackageStatus = 'Not Started' | 'In Progress' | 'COMPLETED';

/**
 * A package as the dashboard shows it: with the hours its upcoming bookings hold (issue 25), which
 * the package reply does not carry; the dashboard adds them from the student's bookings.
 */
export type DashboardPackage = PackageDto & { bookedHours?: number };

type Hours = Pick<DashboardPackage, 'usedHours' | 'totalHours' | 'bookedHours'>;

/** docs/product.md §4: used >= total is COMPLETED (checked first, so an empty package reads as done). */
export function packageStatus({ usedHours, totalHours }: Hours): PackageStatus {
  if (usedHours >= totalHours) return 'COMPLETED';
  if (usedHours <= 0) return 'Not Started';
  return 'In Progress';
}

/** Hours still free to book: what neither a delivered session used nor an upcoming booking holds. */
export const remainingHours = ({ usedHours, totalHours, bookedHours = 0 }: Hours): number =>
  Math.max(0, totalHours - usedHours - bookedHours);

/** Each package with the hours its upcoming bookings hold (`booked`: package id → hours). */
export const withBookedHours = (packages: PackageDto[], booked: ReadonlyMap<number, number>): DashboardPackage[] =>
  packages.map((item) => ({ ...item, bookedHours: booked.get(item.id) ?? 0 }));

/** Progress bar percent, capped so an over-used package still reads 100. */
export const progressPercent = ({ usedHours, totalHours }: Hours): number =>
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

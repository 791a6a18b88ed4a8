import type { CatalogDto, PackageType } from '@medtutor/contracts';

/** '£40-50', or '£40' when every subject costs the same. Whole pounds, as the catalog lists them. */
export const poundRange = (values: number[]): string => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `£${low}` : `£${low}-${high}`;
};

const hoursOf = (catalog: CatalogDto, packageType: PackageType): number =>
  catalog.packages.find((entry) => entry.type === packageType)?.hours ?? 1;

/** The range of a package's list prices across the subjects. */
export const priceRange = (catalog: CatalogDto, packageType: PackageType): string =>
  poundRange(catalog.subjects.map((subject) => subject.pricesGbp[packageType]));

/**
 * What a package saves against buying its hours as single sessions, across the subjects: the
 * catalog's own arithmetic, so the card can never promise a saving the checkout does not give.
 */
export const savingRange = (catalog: CatalogDto, packageType: PackageType): string =>
  poundRange(
    catalog.subjects.map(
      (subject) => subject.pricesGbp.singleSession * hoursOf(catalog, packageType) - subject.pricesGbp[packageType],
    ),
  );

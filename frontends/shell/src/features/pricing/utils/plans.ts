import { type CatalogDto, type CurrencyCode, type PackageType, formatListPriceRange } from '@medtutor/contracts';
import { listPriceMinor, packageSavingMinor } from '../../../lib/catalog';

/** Every subject's value, those the catalog has no figure for left out. */
const acrossSubjects = (catalog: CatalogDto, figure: (subject: CatalogDto['subjects'][number]) => number | undefined) =>
  catalog.subjects.flatMap((subject) => {
    const value = figure(subject);
    return value === undefined ? [] : [value];
  });

/** The range of a package's list prices across the subjects ('£40-50'), in the currency as charged. */
export const priceRange = (catalog: CatalogDto, packageType: PackageType, currency: CurrencyCode): string =>
  formatListPriceRange(
    acrossSubjects(catalog, (subject) => listPriceMinor(catalog, subject.name, packageType, currency)),
    currency,
  );

/**
 * What a package saves against buying its hours as single sessions, across the subjects: the
 * catalog's own arithmetic, so the card can never promise a saving the checkout does not give.
 */
export const savingRange = (catalog: CatalogDto, packageType: PackageType, currency: CurrencyCode): string =>
  formatListPriceRange(
    acrossSubjects(catalog, (subject) => packageSavingMinor(catalog, subject.name, packageType, currency)),
    currency,
  );

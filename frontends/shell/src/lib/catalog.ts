import {
  type CatalogDto,
  type CatalogSubject,
  type CurrencyCode,
  type PackageType,
  catalogDto,
  formatListPrice,
  poundsToMinor,
} from '@medtutor/contracts';
import { apiRequestUnchecked } from '@medtutor/web-kit';
import useSWR from 'swr';

export const catalogKey = '/api/catalog';

/** The catalog compiled into the bundle: the same table the server sells from, so prerendered pages show prices. */
const fallbackCatalog = catalogDto();

/**
 * Read unchecked: catalog-payments answers the same contracts' catalogDto() (its tests parse it with
 * CatalogDtoSchema), and a check here would make every visitor download zod (docs/adr/0039-public-pages-without-antd.md).
 */
export const getCatalog = async (): Promise<CatalogDto> => (await apiRequestUnchecked('GET', catalogKey)) as CatalogDto;

/**
 * The public catalog (GET /api/catalog). `catalog` is never undefined: until the server answers (and
 * if it cannot) the bundled copy stands in, so prices render in the prerendered HTML.
 */
export function useCatalog() {
  // revalidateOnMount: the shared config never revalidates data it already has, and fallback data counts as had.
  const { data, error, isLoading } = useSWR(catalogKey, getCatalog, {
    fallbackData: fallbackCatalog,
    revalidateOnMount: true,
  });
  return { catalog: data ?? fallbackCatalog, error: error as unknown, isLoading };
}

/** A subject's list price in whole pounds. */
export const priceGbp = (catalog: CatalogDto, subject: CatalogSubject, packageType: PackageType): number | undefined =>
  catalog.subjects.find((entry) => entry.name === subject)?.pricesGbp[packageType];

/** The package's display name ('5-Session Package'), from the catalog. */
export const packageName = (catalog: CatalogDto, packageType: PackageType): string =>
  catalog.packages.find((entry) => entry.type === packageType)?.name ?? packageType;

/** The package's hours of tutoring, from the catalog. */
export const packageHours = (catalog: CatalogDto, packageType: PackageType): number | undefined =>
  catalog.packages.find((entry) => entry.type === packageType)?.hours;

/**
 * A subject's list price in the currency's minor units: the catalog's GBP price converted by the
 * contracts' poundsToMinor, the conversion the server's quote() charges with.
 */
export const listPriceMinor = (
  catalog: CatalogDto,
  subject: CatalogSubject,
  packageType: PackageType,
  currency: CurrencyCode,
): number | undefined => {
  const pounds = priceGbp(catalog, subject, packageType);
  return pounds === undefined ? undefined : poundsToMinor(pounds, currency);
};

/** A subject's list price as the pages print it ('£190', '$241.30'). */
export const listPrice = (
  catalog: CatalogDto,
  subject: CatalogSubject,
  packageType: PackageType,
  currency: CurrencyCode,
): string | undefined => {
  const amountMinor = listPriceMinor(catalog, subject, packageType, currency);
  return amountMinor === undefined ? undefined : formatListPrice(amountMinor, currency);
};

/**
 * What a package saves against buying its hours as single sessions, in the currency's minor units:
 * hours × the single-session price − the package's price, both as charged.
 */
export const packageSavingMinor = (
  catalog: CatalogDto,
  subject: CatalogSubject,
  packageType: PackageType,
  currency: CurrencyCode,
): number | undefined => {
  const single = listPriceMinor(catalog, subject, 'singleSession', currency);
  const price = listPriceMinor(catalog, subject, packageType, currency);
  const hours = packageHours(catalog, packageType);
  return single === undefined || price === undefined || hours === undefined ? undefined : single * hours - price;
};

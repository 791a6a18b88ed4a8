import {
  type CatalogDto,
  CatalogDtoSchema,
  type CatalogSubject,
  type PackageType,
  catalogDto,
} from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const catalogKey = '/api/catalog';

/** The catalog compiled into the bundle: the same table the server sells from, so prerendered pages show prices. */
const fallbackCatalog = catalogDto();

export const getCatalog = (): Promise<CatalogDto> => apiRequest('GET', catalogKey, CatalogDtoSchema);

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

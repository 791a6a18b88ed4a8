import {
  type CatalogSubject,
  CatalogSubjects,
  type CurrencyCode,
  CurrencyCodes,
  DefaultCurrency,
  DefaultPackageType,
  type PackageType,
  PackageTypes,
  normaliseDiscountCode,
} from '@medtutor/contracts';

export interface CheckoutParams {
  subject: CatalogSubject;
  packageType: PackageType;
  currency: CurrencyCode;
  /** Trimmed and upper-cased; absent when none was given. */
  discountCode?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  values.some((candidate) => candidate === value);

/**
 * Reads /checkout's query (docs/product.md §2). packageType and currency fall back to their defaults only
 * when absent: a value we do not sell makes the whole link invalid rather than silently selling
 * something else. Null means 'Invalid session parameters'.
 */
export function parseCheckoutParams(query: URLSearchParams): CheckoutParams | null {
  const subject = query.get('subject')?.trim() ?? '';
  const packageType = query.get('packageType')?.trim() || DefaultPackageType;
  const currency = query.get('currency')?.trim().toUpperCase() || DefaultCurrency;
  if (!oneOf(CatalogSubjects, subject) || !oneOf(PackageTypes, packageType) || !oneOf(CurrencyCodes, currency)) {
    return null;
  }
  const discountCode = normaliseDiscountCode(query.get('discountCode') ?? '');
  return { subject, packageType, currency, ...(discountCode ? { discountCode } : {}) };
}

/** The /checkout link for a purchase; the discount code rides along when there is one. */
export function checkoutHref(params: CheckoutParams): string {
  const query = new URLSearchParams({
    subject: params.subject,
    packageType: params.packageType,
    currency: params.currency,
  });
  if (params.discountCode) query.set('discountCode', params.discountCode);
  return `/checkout?${query.toString()}`;
}

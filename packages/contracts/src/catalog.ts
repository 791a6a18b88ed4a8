import type { CatalogDto, Quote } from './catalog-schemas.js';

/**
 * The catalog of docs/product.md §9: subjects, package types, the GBP price table and the currencies.
 * It is the one source of prices: catalog-payments sells from it and serves it to the frontends.
 */
export const CatalogSubjects = ['UCAT', 'Medical School Interviews', 'Medical School Support'] as const;
export type CatalogSubject = (typeof CatalogSubjects)[number];

/** UCAT is shown as 'Currently Unavailable' and the server refuses to sell it. */
export const UnavailableSubjects: readonly CatalogSubject[] = ['UCAT'];
export const isSubjectAvailable = (subject: CatalogSubject): boolean => !UnavailableSubjects.includes(subject);

export const PackageTypes = ['singleSession', 'package5', 'package10'] as const;
export type PackageType = (typeof PackageTypes)[number];

export const Packages: Record<PackageType, { name: string; hours: number }> = {
  singleSession: { name: 'Single Session', hours: 1 },
  package5: { name: '5-Session Package', hours: 5 },
  package10: { name: '10-Session Package', hours: 10 },
};

/** Whole pounds, as docs/product.md §9 lists them. */
export const PricesGbp: Record<CatalogSubject, Record<PackageType, number>> = {
  UCAT: { singleSession: 40, package5: 190, package10: 360 },
  'Medical School Interviews': { singleSession: 40, package5: 190, package10: 360 },
  'Medical School Support': { singleSession: 50, package5: 240, package10: 460 },
};

export const CurrencyCodes = ['GBP', 'USD', 'EUR', 'CHF', 'CAD', 'AUD', 'JPY'] as const;
export type CurrencyCode = (typeof CurrencyCodes)[number];
export const DefaultCurrency: CurrencyCode = 'GBP';
export const DefaultPackageType: PackageType = 'singleSession';

export interface Currency {
  symbol: string;
  /** The spec's multiplier against GBP, as a decimal string so it is never a binary approximation. */
  multiplier: string;
  /** Digits after the decimal point in the currency's minor unit (JPY has no minor unit). */
  exponent: 0 | 2;
}

export const Currencies: Record<CurrencyCode, Currency> = {
  GBP: { symbol: '£', multiplier: '1', exponent: 2 },
  USD: { symbol: '$', multiplier: '1.27', exponent: 2 },
  EUR: { symbol: '€', multiplier: '1.17', exponent: 2 },
  CHF: { symbol: 'CHF', multiplier: '1.14', exponent: 2 },
  CAD: { symbol: 'C$', multiplier: '1.71', exponent: 2 },
  AUD: { symbol: 'A$', multiplier: '1.91', exponent: 2 },
  JPY: { symbol: '¥', multiplier: '190', exponent: 0 },
};

/** A discount code is worth whole pounds, 1 to 100 (docs/product.md §5 and §9). */
export const DiscountLimits = { minPounds: 1, maxPounds: 100, defaultPounds: 30 } as const;

/**
 * The least a discounted purchase may cost: £1 in the buyer's currency. It keeps every charge above
 * the card networks' minimums (e.g. ¥50, $0.50) and never lets a code make a purchase free.
 */
export const MinimumChargePounds = 1;

/** The multiplier in hundredths, exactly: '1.27' → 127. */
const multiplierHundredths = (multiplier: string): number => {
  const [whole = '0', fraction = ''] = multiplier.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * Whole pounds converted to the currency's minor units. Integer arithmetic throughout: pounds × the
 * multiplier in hundredths is the converted amount in hundredths, already exact to the spec's 2
 * decimals; JPY (no minor unit) divides that by 100 and rounds half up to whole yen.
 */
export const poundsToMinor = (pounds: number, currency: CurrencyCode): number => {
  const hundredths = pounds * multiplierHundredths(Currencies[currency].multiplier);
  return Currencies[currency].exponent === 2 ? hundredths : Math.round(hundredths / 100);
};

/** The amount in major units as a plain decimal, every minor digit kept: 46000 GBP → '460.00', 36100 JPY → '36100'. */
export const minorToMajor = (amountMinor: number, currency: CurrencyCode): string =>
  Currencies[currency].exponent === 0 ? String(amountMinor) : (amountMinor / 100).toFixed(2);

/** The symbol before the amount; a letter symbol ('CHF') is set apart by a space. */
const withSymbol = (currency: CurrencyCode, amount: string): string => {
  const { symbol } = Currencies[currency];
  return /[A-Za-z]$/.test(symbol) ? `${symbol} ${amount}` : `${symbol}${amount}`;
};

/** '£190.00', '¥36100', 'CHF 216.60': a letter symbol is set apart by a space. */
export const formatMinor = (amountMinor: number, currency: CurrencyCode): string =>
  withSymbol(currency, minorToMajor(amountMinor, currency));

/** Whether the amount is a whole number of major units (always, for a currency without minor units). */
const isWholeMajor = (amountMinor: number, currency: CurrencyCode): boolean =>
  Currencies[currency].exponent === 0 || amountMinor % 100 === 0;

/**
 * A list price as the public pages print it: formatMinor's text, but a whole amount drops its zero
 * minor digits, as docs/product.md §9 writes prices ('£40', 'CHF 57'; '$50.80' keeps them). The amount is
 * the one the server charges, only shortened.
 */
export const formatListPrice = (amountMinor: number, currency: CurrencyCode): string =>
  isWholeMajor(amountMinor, currency)
    ? withSymbol(currency, String(amountMinor / 10 ** Currencies[currency].exponent))
    : formatMinor(amountMinor, currency);

/**
 * The lowest to the highest of several list prices with the symbol once ('£40-50', '$50.80-63.50',
 * 'CHF 45.60-57.00'): both ends keep their minor digits unless both are whole; one value when all agree.
 */
export const formatListPriceRange = (amountsMinor: readonly number[], currency: CurrencyCode): string => {
  if (amountsMinor.length === 0) throw new Error('A price range needs at least one price.');
  const low = Math.min(...amountsMinor);
  const high = Math.max(...amountsMinor);
  if (low === high) return formatListPrice(low, currency);
  const whole = isWholeMajor(low, currency) && isWholeMajor(high, currency);
  const major = (amountMinor: number) =>
    whole ? String(amountMinor / 10 ** Currencies[currency].exponent) : minorToMajor(amountMinor, currency);
  return withSymbol(currency, `${major(low)}-${major(high)}`);
};

export interface QuoteInput {
  subject: CatalogSubject;
  packageType: PackageType;
  currency: CurrencyCode;
  /** The value of an accepted discount code, in whole pounds. */
  discountPounds?: number;
}

/**
 * The price of one purchase, computed on the server from the table (never from the client). A
 * discount lowers the total by its value converted like the price, but never below the minimum charge.
 */
export const quote = ({ subject, packageType, currency, discountPounds = 0 }: QuoteInput): Quote => {
  const originalAmountMinor = poundsToMinor(PricesGbp[subject][packageType], currency);
  const floor = Math.min(originalAmountMinor, poundsToMinor(MinimumChargePounds, currency));
  const amountMinor = Math.max(originalAmountMinor - poundsToMinor(discountPounds, currency), floor);
  return {
    subject,
    packageType,
    packageName: Packages[packageType].name,
    hours: Packages[packageType].hours,
    currency,
    amountMinor,
    originalAmountMinor,
    discountMinor: originalAmountMinor - amountMinor,
    formattedPrice: formatMinor(amountMinor, currency),
    formattedOriginalPrice: formatMinor(originalAmountMinor, currency),
  };
};

export const CatalogMessages = {
  subjectInvalid: 'Please select a valid subject',
  packageTypeInvalid: 'Please select a valid package',
  currencyInvalid: 'Please select a supported currency',
  subjectUnavailable: (subject: string) => `${subject} tutoring is currently unavailable and cannot be purchased`,
} as const;

export const catalogDto = (): CatalogDto => ({
  subjects: CatalogSubjects.map((name) => ({
    name,
    available: isSubjectAvailable(name),
    pricesGbp: { ...PricesGbp[name] },
  })),
  packages: PackageTypes.map((type) => ({ type, ...Packages[type] })),
  currencies: CurrencyCodes.map((code) => ({ code, ...Currencies[code] })),
  defaultCurrency: DefaultCurrency,
  defaultPackageType: DefaultPackageType,
});

import { type CurrencyCode, Currencies, formatMinor } from '@medtutor/contracts';

/**
 * The admin types an amount in the currency's major unit (pounds, dollars, yen); the server takes
 * minor units. Converted from the text, digit by digit, so 19.99 is 1999 and never 1998.9999.
 * Returns undefined for a blank amount (the server's default: all that is left) and NaN for one that
 * is not a plain positive number with at most the currency's decimals, which the contract rejects.
 */
export function toMinorUnits(major: string | number | null | undefined, currency: CurrencyCode): number | undefined {
  if (major === null || major === undefined) return undefined;
  const text = String(major).trim();
  if (text === '') return undefined;
  const exponent = Currencies[currency].exponent;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return Number.NaN;
  const whole = match[1]!;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return Number.NaN;
  return Number(whole + fraction.padEnd(exponent, '0'));
}

/** Minor units as the major-unit text the amount field shows: 1999 GBP → '19.99', 30400 JPY → '30400'. */
export function toMajorUnits(minor: number, currency: CurrencyCode): string {
  const exponent = Currencies[currency].exponent;
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** What the confirmation quotes: the amount typed, or all that is left when none was. */
export const refundAmountLabel = (minor: number | undefined, refundable: number, currency: CurrencyCode): string =>
  formatMinor(minor !== undefined && Number.isInteger(minor) ? minor : refundable, currency);

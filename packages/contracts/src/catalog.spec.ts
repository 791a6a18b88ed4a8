import { describe, expect, it } from '@jest/globals';
import { CatalogDtoSchema, QuoteRequestSchema, QuoteSchema } from './catalog-schemas.js';
import {
  CatalogMessages,
  CatalogSubjects,
  catalogDto,
  CurrencyCodes,
  type CurrencyCode,
  formatListPrice,
  formatListPriceRange,
  formatMinor,
  minorToMajor,
  type PackageType,
  PackageTypes,
  quote,
} from './catalog.js';

/** docs/product.md §9, written out by hand: the GBP table and each price × multiplier (2 decimals). */
const table: Record<string, Record<PackageType, number>> = {
  UCAT: { singleSession: 40, package5: 190, package10: 360 },
  'Medical School Interviews': { singleSession: 40, package5: 190, package10: 360 },
  'Medical School Support': { singleSession: 50, package5: 240, package10: 460 },
};
// prettier-ignore
const converted: Record<number, Record<CurrencyCode, [number, string]>> = {
  40: { GBP: [4000, '£40.00'], USD: [5080, '$50.80'], EUR: [4680, '€46.80'], CHF: [4560, 'CHF 45.60'], CAD: [6840, 'C$68.40'], AUD: [7640, 'A$76.40'], JPY: [7600, '¥7600'] },
  50: { GBP: [5000, '£50.00'], USD: [6350, '$63.50'], EUR: [5850, '€58.50'], CHF: [5700, 'CHF 57.00'], CAD: [8550, 'C$85.50'], AUD: [9550, 'A$95.50'], JPY: [9500, '¥9500'] },
  190: { GBP: [19000, '£190.00'], USD: [24130, '$241.30'], EUR: [22230, '€222.30'], CHF: [21660, 'CHF 216.60'], CAD: [32490, 'C$324.90'], AUD: [36290, 'A$362.90'], JPY: [36100, '¥36100'] },
  240: { GBP: [24000, '£240.00'], USD: [30480, '$304.80'], EUR: [28080, '€280.80'], CHF: [27360, 'CHF 273.60'], CAD: [41040, 'C$410.40'], AUD: [45840, 'A$458.40'], JPY: [45600, '¥45600'] },
  360: { GBP: [36000, '£360.00'], USD: [45720, '$457.20'], EUR: [42120, '€421.20'], CHF: [41040, 'CHF 410.40'], CAD: [61560, 'C$615.60'], AUD: [68760, 'A$687.60'], JPY: [68400, '¥68400'] },
  460: { GBP: [46000, '£460.00'], USD: [58420, '$584.20'], EUR: [53820, '€538.20'], CHF: [52440, 'CHF 524.40'], CAD: [78660, 'C$786.60'], AUD: [87860, 'A$878.60'], JPY: [87400, '¥87400'] },
};
const names: Record<PackageType, [string, number]> = {
  singleSession: ['Single Session', 1],
  package5: ['5-Session Package', 5],
  package10: ['10-Session Package', 10],
};

const cells = CatalogSubjects.flatMap((subject) =>
  PackageTypes.flatMap((packageType) => CurrencyCodes.map((currency) => ({ subject, packageType, currency }))),
);

describe('quote: every cell of the price table in every currency', () => {
  it('covers 3 subjects × 3 packages × 7 currencies', () => {
    expect(cells).toHaveLength(63);
  });

  it.each(cells)('$subject $packageType in $currency', ({ subject, packageType, currency }) => {
    const [amountMinor, formattedPrice] = converted[table[subject]![packageType]]![currency];
    const [packageName, hours] = names[packageType];

    expect(quote({ subject, packageType, currency })).toEqual({
      subject,
      packageType,
      packageName,
      hours,
      currency,
      amountMinor,
      originalAmountMinor: amountMinor,
      discountMinor: 0,
      formattedPrice,
      formattedOriginalPrice: formattedPrice,
    });
  });
});

describe('quote: discounts', () => {
  it('lowers a package total by the code value in pounds', () => {
    const result = quote({
      subject: 'Medical School Support',
      packageType: 'package5',
      currency: 'GBP',
      discountPounds: 30,
    });

    expect(result).toMatchObject({
      amountMinor: 21000,
      originalAmountMinor: 24000,
      discountMinor: 3000,
      formattedPrice: '£210.00',
      formattedOriginalPrice: '£240.00',
    });
  });

  it('converts the discount with the same multiplier as the price', () => {
    // (190 − 30) × 1.27 = 203.20 and 10-session (360 − 1) × 190 = ¥68210.
    expect(
      quote({ subject: 'Medical School Interviews', packageType: 'package5', currency: 'USD', discountPounds: 30 }),
    ).toMatchObject({ amountMinor: 20320, discountMinor: 3810, formattedPrice: '$203.20' });
    expect(
      quote({ subject: 'Medical School Interviews', packageType: 'package10', currency: 'JPY', discountPounds: 1 }),
    ).toMatchObject({ amountMinor: 68210, discountMinor: 190, formattedPrice: '¥68210' });
  });

  it('never charges less than £1 in the buyer currency', () => {
    expect(
      quote({
        subject: 'Medical School Interviews',
        packageType: 'singleSession',
        currency: 'GBP',
        discountPounds: 100,
      }),
    ).toMatchObject({ amountMinor: 100, originalAmountMinor: 4000, discountMinor: 3900, formattedPrice: '£1.00' });
    expect(
      quote({
        subject: 'Medical School Interviews',
        packageType: 'singleSession',
        currency: 'EUR',
        discountPounds: 40,
      }),
    ).toMatchObject({ amountMinor: 117, discountMinor: 4563, formattedPrice: '€1.17' });
    expect(
      quote({ subject: 'Medical School Support', packageType: 'singleSession', currency: 'JPY', discountPounds: 49 }),
    ).toMatchObject({ amountMinor: 190, discountMinor: 9310 });
  });

  it('applies in full when the result stays at or above the minimum', () => {
    expect(
      quote({ subject: 'Medical School Support', packageType: 'singleSession', currency: 'CHF', discountPounds: 49 }),
    ).toMatchObject({ amountMinor: 114, discountMinor: 5586, formattedPrice: 'CHF 1.14' });
    expect(
      quote({ subject: 'Medical School Support', packageType: 'package10', currency: 'AUD', discountPounds: 100 }),
    ).toMatchObject({ amountMinor: 68760, discountMinor: 19100, formattedPrice: 'A$687.60' });
  });
});

describe('quote request schema', () => {
  it('accepts the catalog values', () => {
    expect(QuoteRequestSchema.parse({ subject: 'UCAT', packageType: 'package10', currency: 'JPY' })).toEqual({
      subject: 'UCAT',
      packageType: 'package10',
      currency: 'JPY',
    });
  });

  it.each([
    [{ subject: 'Medical School Exams', packageType: 'package5', currency: 'GBP' }, CatalogMessages.subjectInvalid],
    [{ subject: 'UCAT', packageType: 'package20', currency: 'GBP' }, CatalogMessages.packageTypeInvalid],
    [{ subject: 'UCAT', packageType: 'package5', currency: 'SEK' }, CatalogMessages.currencyInvalid],
    [{ packageType: 'package5', currency: 'GBP' }, CatalogMessages.subjectInvalid],
  ])('refuses %j with a clear message', (body, message) => {
    const result = QuoteRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('ignores any amount the client sends', () => {
    const parsed = QuoteRequestSchema.parse({ subject: 'UCAT', packageType: 'package5', currency: 'GBP', amount: 1 });
    expect(parsed).not.toHaveProperty('amount');
  });
});

describe('catalog dto', () => {
  it('lists the subjects with availability, the packages and the currencies', () => {
    const dto = CatalogDtoSchema.parse(catalogDto());

    expect(dto.subjects).toEqual([
      { name: 'UCAT', available: false, pricesGbp: { singleSession: 40, package5: 190, package10: 360 } },
      {
        name: 'Medical School Interviews',
        available: true,
        pricesGbp: { singleSession: 40, package5: 190, package10: 360 },
      },
      {
        name: 'Medical School Support',
        available: true,
        pricesGbp: { singleSession: 50, package5: 240, package10: 460 },
      },
    ]);
    expect(dto.packages.map((p) => p.hours)).toEqual([1, 5, 10]);
    expect(dto.currencies.map((c) => [c.code, c.symbol, c.multiplier])).toEqual([
      ['GBP', '£', '1'],
      ['USD', '$', '1.27'],
      ['EUR', '€', '1.17'],
      ['CHF', 'CHF', '1.14'],
      ['CAD', 'C$', '1.71'],
      ['AUD', 'A$', '1.91'],
      ['JPY', '¥', '190'],
    ]);
    expect(QuoteSchema.safeParse(quote({ subject: 'UCAT', packageType: 'package5', currency: 'GBP' })).success).toBe(
      true,
    );
  });
});

describe('list prices as the public pages print them', () => {
  const allAmounts = Object.values(converted).flatMap((row) =>
    CurrencyCodes.map((currency) => ({ currency, amountMinor: row[currency][0], formatted: row[currency][1] })),
  );

  it.each(allAmounts)(
    '$formatted is the charged text, only without zero minor digits',
    ({ currency, amountMinor, formatted }) => {
      expect(formatMinor(amountMinor, currency)).toBe(formatted);
      expect(formatListPrice(amountMinor, currency)).toBe(formatted.replace(/\.00$/, ''));
    },
  );

  it('keeps minor digits that are not zero, and every digit of a plain decimal', () => {
    expect(formatListPrice(4000, 'GBP')).toBe('£40');
    expect(formatListPrice(5080, 'USD')).toBe('$50.80');
    expect(formatListPrice(5700, 'CHF')).toBe('CHF 57');
    expect(formatListPrice(4005, 'EUR')).toBe('€40.05');
    expect(formatListPrice(7600, 'JPY')).toBe('¥7600');
    expect(formatListPrice(0, 'USD')).toBe('$0');
    expect(minorToMajor(46000, 'GBP')).toBe('460.00');
    expect(minorToMajor(36100, 'JPY')).toBe('36100');
  });

  it('prints a range with the symbol once, both ends alike', () => {
    expect(formatListPriceRange([4000, 5000, 4000], 'GBP')).toBe('£40-50');
    expect(formatListPriceRange([5080, 6350], 'USD')).toBe('$50.80-63.50');
    expect(formatListPriceRange([4560, 5700], 'CHF')).toBe('CHF 45.60-57.00');
    expect(formatListPriceRange([7600, 9500], 'JPY')).toBe('¥7600-9500');
    expect(formatListPriceRange([1000, 1000], 'GBP')).toBe('£10');
    expect(() => formatListPriceRange([], 'GBP')).toThrow();
  });
});

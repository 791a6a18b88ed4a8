import { describe, expect, it } from '@jest/globals';
import { catalogDto } from '@medtutor/contracts';
import { priceRange, savingRange } from './plans';

describe('pricing card figures', () => {
  const catalog = catalogDto();

  it('spans the subjects of docs/product.md §9', () => {
    expect(priceRange(catalog, 'singleSession', 'GBP')).toBe('£40-50');
    expect(priceRange(catalog, 'package5', 'GBP')).toBe('£190-240');
    expect(priceRange(catalog, 'package10', 'GBP')).toBe('£360-460');
  });

  it('derives the saving from the single-session price', () => {
    expect(savingRange(catalog, 'package5', 'GBP')).toBe('£10');
    expect(savingRange(catalog, 'package10', 'GBP')).toBe('£40');
  });

  it('converts prices and savings as the server charges them', () => {
    expect(priceRange(catalog, 'singleSession', 'USD')).toBe('$50.80-63.50');
    expect(priceRange(catalog, 'package5', 'CHF')).toBe('CHF 216.60-273.60');
    expect(priceRange(catalog, 'package10', 'JPY')).toBe('¥68400-87400');
    // 5 × $50.80 − $241.30 and 5 × $63.50 − $304.80: the same saving in every subject.
    expect(savingRange(catalog, 'package5', 'USD')).toBe('$12.70');
    expect(savingRange(catalog, 'package10', 'JPY')).toBe('¥7600');
  });

  it('spans only the subjects the catalog serves', () => {
    const partial = {
      ...catalog,
      subjects: catalog.subjects.filter((subject) => subject.name !== 'Medical School Support'),
    };
    expect(priceRange(partial, 'singleSession', 'GBP')).toBe('£40');
  });
});

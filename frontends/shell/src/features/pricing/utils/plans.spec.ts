import { describe, expect, it } from '@jest/globals';
import { catalogDto } from '@medtutor/contracts';
import { poundRange, priceRange, savingRange } from './plans';

describe('pricing card figures', () => {
  const catalog = catalogDto();

  it('spans the subjects of spec section 9', () => {
    expect(priceRange(catalog, 'singleSession')).toBe('£40-50');
    expect(priceRange(catalog, 'package5')).toBe('£190-240');
    expect(priceRange(catalog, 'package10')).toBe('£360-460');
  });

  it('derives the saving from the single-session price', () => {
    expect(savingRange(catalog, 'package5')).toBe('£10');
    expect(savingRange(catalog, 'package10')).toBe('£40');
  });

  it('collapses a range with one value', () => {
    expect(poundRange([40, 40])).toBe('£40');
    expect(poundRange([50, 40, 45])).toBe('£40-50');
  });
});

import { describe, expect, it } from '@jest/globals';
import { CatalogMessages, ErrorCodes } from '@medtutor/contracts';
import { CatalogService } from './catalog.service.js';

const catalog = new CatalogService();

describe('CatalogService.quote', () => {
  it('prices from the table and lowers the price by an accepted code', () => {
    const request = { subject: 'Medical School Support', packageType: 'package10', currency: 'GBP' } as const;

    expect(catalog.quote(request)).toMatchObject({ amountMinor: 46000, discountMinor: 0, hours: 10 });
    expect(catalog.quote(request, 30)).toMatchObject({
      amountMinor: 43000,
      originalAmountMinor: 46000,
      discountMinor: 3000,
      formattedPrice: '£430.00',
    });
  });

  it('refuses to sell a subject the catalog marks unavailable, with or without a code', () => {
    for (const discount of [undefined, 30]) {
      let refused: unknown;
      try {
        catalog.quote({ subject: 'UCAT', packageType: 'package5', currency: 'USD' }, discount);
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({
        code: ErrorCodes.subjectUnavailable,
        message: CatalogMessages.subjectUnavailable('UCAT'),
        details: { subject: 'UCAT' },
      });
    }
  });
});

describe('CatalogService.getCatalog', () => {
  it('serves the contracts catalog, UCAT listed as unavailable', () => {
    const dto = catalog.getCatalog();

    expect(dto.subjects.map(({ name, available }) => [name, available])).toEqual([
      ['UCAT', false],
      ['Medical School Interviews', true],
      ['Medical School Support', true],
    ]);
    expect(dto.defaultCurrency).toBe('GBP');
  });
});

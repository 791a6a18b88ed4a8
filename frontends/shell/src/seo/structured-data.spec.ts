import { describe, expect, it } from '@jest/globals';
import { CatalogSubjects, PackageTypes, Packages, PricesGbp, isSubjectAvailable } from '@medtutor/contracts';
import { businessStructuredData } from './structured-data';

describe('businessStructuredData', () => {
  const data = businessStructuredData({
    origin: 'https://medpath.example',
    email: 'help@medpath.example',
    profiles: [],
  });

  it('describes the business as an educational organisation on its origin', () => {
    expect(data).toMatchObject({
      '@type': 'EducationalOrganization',
      url: 'https://medpath.example/',
      email: 'help@medpath.example',
    });
    expect(data).not.toHaveProperty('sameAs');
  });

  it('offers every package of every subject at its list price, UCAT out of stock', () => {
    const offers = data.hasOfferCatalog.itemListElement;

    expect(offers).toHaveLength(9);
    expect(offers).toContainEqual(
      expect.objectContaining({
        name: 'Medical School Support: 10-Session Package',
        price: '460.00',
        priceCurrency: 'GBP',
      }),
    );
    expect(offers.filter((offer) => offer.availability === 'https://schema.org/OutOfStock')).toHaveLength(3);
  });

  it("offers exactly the contracts' price table: every subject and package at its PricesGbp price in pounds", () => {
    const expected = CatalogSubjects.flatMap((subject) =>
      PackageTypes.map((packageType) => ({
        name: `${subject}: ${Packages[packageType].name}`,
        price: PricesGbp[subject][packageType].toFixed(2),
        priceCurrency: 'GBP',
        availability: isSubjectAvailable(subject) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      })),
    );

    expect(
      data.hasOfferCatalog.itemListElement.map(({ name, price, priceCurrency, availability }) => ({
        name,
        price,
        priceCurrency,
        availability,
      })),
    ).toEqual(expected);
  });
});

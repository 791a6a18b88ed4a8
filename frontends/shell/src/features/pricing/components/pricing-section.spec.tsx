/** @jest-environment jsdom */
import '../../../testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import {
  CatalogSubjects,
  CurrencyCodes,
  type CurrencyCode,
  type PackageType,
  Packages,
  formatListPrice,
  formatListPriceRange,
  quote,
} from '@medtutor/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { PublicPageProviders, serveCatalogPerTest } from '../../../testing/public-page';
import { PricingSection } from './pricing-section';

/*
 * The pricing cards against the server's price, in every currency. catalog-payments charges what
 * CatalogService.quote() returns, and that is the contracts' quote() (services/catalog-payments/src/
 * modules/catalog/catalog.service.ts), so quote() here is the amount checkout would charge.
 */

const fetchMock = serveCatalogPerTest();

/** Renders the section and waits until the served catalog has answered. */
async function showPricing(currency: CurrencyCode) {
  render(
    <PublicPageProviders path="/#pricing">
      <PricingSection currency={currency} />
    </PublicPageProviders>,
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/catalog', expect.anything()));
  await act(() => Promise.resolve());
}

/** The plan card under its level-3 title. */
const planCard = (title: string): HTMLElement => {
  const card = screen.getByRole('heading', { level: 3, name: title }).closest<HTMLElement>('.ui-card');
  if (!card) throw new Error(`No plan card titled ${title}.`);
  return card;
};

/** The server's charge for a package in every subject, in minor units. */
const charges = (packageType: PackageType, currency: CurrencyCode): number[] =>
  CatalogSubjects.map((subject) => quote({ subject, packageType, currency }).amountMinor);

describe('pricing section: every plan card shows the server price in every currency', () => {
  it.each(CurrencyCodes)('in %s', async (currency) => {
    await showPricing(currency);

    expect(within(planCard('Free Trial')).getByText(formatListPrice(0, currency), { selector: '.price' })).toBeTruthy();

    const single = planCard(Packages.singleSession.name);
    expect(
      within(single).getByText(formatListPriceRange(charges('singleSession', currency), currency), {
        selector: '.price',
      }),
    ).toBeTruthy();
    expect(within(single).getByText('per hour')).toBeTruthy();

    for (const packageType of ['package5', 'package10'] as const) {
      const { name, hours } = Packages[packageType];
      const card = planCard(name);
      // What the package saves against its hours bought one by one, each amount as the server charges it.
      const singles = charges('singleSession', currency);
      const savings = charges(packageType, currency).map((price, index) => hours * singles[index]! - price);

      expect(
        within(card).getByText(formatListPriceRange(charges(packageType, currency), currency), { selector: '.price' }),
      ).toBeTruthy();
      expect(within(card).getByText(`${hours} hours, save ${formatListPriceRange(savings, currency)}`)).toBeTruthy();
    }
  });

  it('prints the figures of docs/product.md §9 in pounds by default', async () => {
    render(
      <PublicPageProviders>
        <PricingSection />
      </PublicPageProviders>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());

    expect(within(planCard('Free Trial')).getByText('£0')).toBeTruthy();
    expect(within(planCard('Single Session')).getByText('£40-50')).toBeTruthy();
    expect(within(planCard('5-Session Package')).getByText('£190-240')).toBeTruthy();
    expect(within(planCard('5-Session Package')).getByText('5 hours, save £10')).toBeTruthy();
    expect(within(planCard('10-Session Package')).getByText('£360-460')).toBeTruthy();
    expect(within(planCard('10-Session Package')).getByText('10 hours, save £40')).toBeTruthy();
  });
});

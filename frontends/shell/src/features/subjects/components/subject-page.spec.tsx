/** @jest-environment jsdom */
import '../../../testing/text-encoding';
import { describe, expect, it, jest } from '@jest/globals';
import { CurrencyCodes, type CurrencyCode, Packages, PackageTypes, formatMinor, quote } from '@medtutor/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';

/*
 * The subject pages and the home page's subject cards against the server's price, in every currency.
 * catalog-payments charges what CatalogService.quote() returns, and that is the contracts' quote()
 * (services/catalog-payments/src/modules/catalog/catalog.service.ts): quote().formattedPrice is the
 * text checkout shows. The pages print it shortened only by zero minor digits ('£40' for '£40.00').
 */

// The build supplies these: the public origin from the environment and the illustrations as files.
jest.mock('../../../config/origin', () => ({ publicOrigin: 'https://medpath.example' }));
jest.mock('../subject-art', () => ({
  subjectArt: {},
  subjectArtSize: { width: 400, height: 200 },
}));
const { PublicPageProviders, serveCatalogPerTest } =
  jest.requireActual<typeof import('../../../testing/public-page')>('../../../testing/public-page');
const { subjects } = jest.requireActual<typeof import('../../../config/catalog')>('../../../config/catalog');
const { SubjectPage } = jest.requireActual<typeof import('./subject-page')>('./subject-page');
const { SubjectsSection } = jest.requireActual<typeof import('./subjects-section')>('./subjects-section');

const fetchMock = serveCatalogPerTest();

/** Waits until the served catalog has answered and the page has rendered its figures. */
const catalogServed = async () => {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/catalog', expect.anything()));
  await act(() => Promise.resolve());
};

/** The server's price text, as a page prints it. */
const shownPrice = (formattedPrice: string): string => formattedPrice.replace(/\.00$/, '');

/** The card whose head reads `title`. */
const cardTitled = (title: string): HTMLElement => {
  const card = screen
    .getByText(title, { selector: '.ui-card__title, .ui-card__title *' })
    .closest<HTMLElement>('.ui-card');
  if (!card) throw new Error(`No card titled ${title}.`);
  return card;
};

const pages = subjects.flatMap((subject) => CurrencyCodes.map((currency) => ({ subject, currency })));

describe('subject pages: every package card shows the server price in every currency', () => {
  it('covers every subject in every currency', () => {
    expect(pages).toHaveLength(3 * 7);
  });

  it.each(pages.map(({ subject, currency }) => [subject.title, currency, subject] as const))(
    '%s in %s',
    async (_title, currency, subject) => {
      render(
        <PublicPageProviders path={subject.path}>
          <SubjectPage subject={subject} currency={currency} />
        </PublicPageProviders>,
      );
      await catalogServed();

      for (const packageType of PackageTypes) {
        const charged = quote({ subject: subject.title, packageType, currency });
        const card = cardTitled(Packages[packageType].name);

        expect(within(card).getByText(shownPrice(charged.formattedPrice), { selector: '.price' })).toBeTruthy();
        if (packageType === 'singleSession') {
          expect(within(card).getByText('per hour')).toBeTruthy();
        } else {
          const single = quote({ subject: subject.title, packageType: 'singleSession', currency });
          const savingMinor = charged.hours * single.amountMinor - charged.amountMinor;
          expect(savingMinor).toBeGreaterThan(0);
          expect(
            within(card).getByText(`${charged.hours} hours, save ${shownPrice(formatMinor(savingMinor, currency))}`),
          ).toBeTruthy();
        }
      }
    },
  );

  it('prints the figures of docs/product.md §9 in pounds by default', async () => {
    const support = subjects.find((subject) => subject.title === 'Medical School Support')!;
    render(
      <PublicPageProviders path={support.path}>
        <SubjectPage subject={support} />
      </PublicPageProviders>,
    );
    await catalogServed();

    expect(within(cardTitled('Single Session')).getByText('£50')).toBeTruthy();
    expect(within(cardTitled('5-Session Package')).getByText('£240')).toBeTruthy();
    expect(within(cardTitled('5-Session Package')).getByText('5 hours, save £10')).toBeTruthy();
    expect(within(cardTitled('10-Session Package')).getByText('£460')).toBeTruthy();
    expect(within(cardTitled('10-Session Package')).getByText('10 hours, save £40')).toBeTruthy();
  });
});

describe("home page subject cards: each subject's hourly price as the server charges it", () => {
  it.each(CurrencyCodes)('in %s', async (currency: CurrencyCode) => {
    render(
      <PublicPageProviders>
        <SubjectsSection currency={currency} />
      </PublicPageProviders>,
    );
    await catalogServed();

    for (const subject of subjects) {
      const card = screen.getByRole('heading', { level: 3, name: subject.title }).closest<HTMLElement>('.ui-card')!;
      const charged = quote({ subject: subject.title, packageType: 'singleSession', currency });
      expect(within(card).getByText(shownPrice(charged.formattedPrice), { selector: '.price' })).toBeTruthy();
      expect(card.querySelector('.price')?.textContent).toBe(`${shownPrice(charged.formattedPrice)} per hour`);
    }
  });
});

/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import type { CurrencyCode } from '@medtutor/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';

// The build supplies the illustrations as files: one stands in, with its text alternative.
jest.mock('../subject-art', () => ({
  subjectArt: { '/ucat': { src: '/assets/ucat.svg', alt: 'An answer sheet beside a stopwatch' } },
  subjectArtSize: { width: 400, height: 200 },
}));
const { serveCatalogPerTest } =
  jest.requireActual<typeof import('../../../testing/public-page')>('../../../testing/public-page');
const { AtPath } = jest.requireActual<typeof import('../../../testing/session')>('../../../testing/session');
const { SubjectsSection } = jest.requireActual<typeof import('./subjects-section')>('./subjects-section');

serveCatalogPerTest();

function renderSection(currency?: CurrencyCode) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AtPath path="/">
        <SubjectsSection currency={currency} />
      </AtPath>
    </SWRConfig>,
  );
  return screen.getByRole('region', { name: 'Our Subjects' });
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('.ui-card') as HTMLElement;
const price = (title: string) => card(title).querySelector('.price')?.textContent;

describe('SubjectsSection', () => {
  it('shows a card per subject with its hourly price in pounds, UCAT marked unavailable', () => {
    const section = renderSection();
    expect(section.id).toBe('subjects');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['UCAT', 'Medical School Interviews', 'Medical School Support']);
    expect(price('Medical School Interviews')).toBe('£40 per hour');
    expect(price('Medical School Support')).toBe('£50 per hour');
    expect(within(card('UCAT')).getByText('Currently Unavailable')).toBeTruthy();
    expect(within(card('Medical School Support')).queryByText('Currently Unavailable')).toBeNull();
    const art = within(card('UCAT')).getByRole('img', { name: 'An answer sheet beside a stopwatch' });
    expect(art.getAttribute('loading')).toBe('lazy');
    expect([art.getAttribute('width'), art.getAttribute('height')]).toEqual(['400', '200']);
  });

  it("prices in the page's currency", () => {
    renderSection('EUR');
    // £50 at 1.17 euros to the pound.
    expect(price('Medical School Support')).toBe('€58.50 per hour');
  });

  it("leads to each subject's page from Learn More", () => {
    renderSection();
    fireEvent.click(screen.getByRole('link', { name: 'Learn More about Medical School Interviews' }));
    expect(screen.getByTestId('location').textContent).toBe('/medical-school-interviews');
  });
});

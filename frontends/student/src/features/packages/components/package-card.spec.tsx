/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { hoursPackage } from '../../../testing/fixtures';
import { PackageCard } from './package-card';

const renderCard = (usedHours: number) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PackageCard item={hoursPackage({ usedHours })} />
    </SWRConfig>,
  );

/** The status badge in the card's header, beside the subject's heading. */
const statusOf = (card: HTMLElement) => card.querySelector('.ui-card__extra')?.textContent;

afterEach(cleanup);

describe('PackageCard status', () => {
  it('reads Not Started with no hours used, on a plain card', () => {
    renderCard(0);
    const card = screen.getByTestId('package-card');
    expect(statusOf(card)).toBe('Not Started');
    expect(card.style.background).toBe('');
    expect(within(card).queryByText('5 h')).not.toBeNull();
  });

  it('reads In Progress between none and all', () => {
    renderCard(2.5);
    const card = screen.getByTestId('package-card');
    expect(statusOf(card)).toBe('In Progress');
    expect(within(card).queryByText('2.5 h')).not.toBeNull();
  });

  it('reads COMPLETED once every hour is used: red-tinted card, green badge', () => {
    renderCard(5);
    const card = screen.getByTestId('package-card');
    expect(statusOf(card)).toBe('COMPLETED');
    const badge = within(card).getByText('COMPLETED');
    expect(badge.closest('.ui-tag')?.getAttribute('style')).toMatch(/#237804|rgb\(35, 120, 4\)/);
    expect(card.style.background).toBe('rgb(255, 241, 240)');
    expect(within(card).queryByText('0 h')).not.toBeNull();
  });
});

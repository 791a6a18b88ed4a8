/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { ScrollToLocation } from './scroll-to-location';

const scrollTo = jest.fn();
const scrollIntoView = jest.fn();
let reducedMotion = false;

beforeEach(() => {
  scrollTo.mockReset();
  scrollIntoView.mockReset();
  reducedMotion = false;
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
  window.matchMedia = (query: string) =>
    ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList;
});
afterEach(cleanup);

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollToLocation />
      <Link to="/#pricing">Pricing</Link>
      <section id="pricing" />
    </MemoryRouter>,
  );
}

describe('ScrollToLocation', () => {
  it('starts a new page at the top', () => {
    renderAt('/about');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("scrolls smoothly to the hash's section", () => {
    renderAt('/#pricing');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('jumps without animation for visitors who ask for reduced motion', () => {
    reducedMotion = true;
    renderAt('/#pricing');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto' });
  });

  it('scrolls again when the same section link is followed twice', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a hash that names no section, even a malformed one', () => {
    renderAt('/#%E0%A4%A');
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

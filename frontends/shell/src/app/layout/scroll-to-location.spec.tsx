/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { SECTION_SETTLE_MS, ScrollToLocation } from './scroll-to-location';

const scrollTo = jest.fn();
const scrollIntoView = jest.fn();
let reducedMotion = false;

/** The page's size observers, as the browser would call them: once when observed, then on each change. */
const pageObservers = new Set<ResizeObserverCallback>();
class PageResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    pageObservers.add(this.callback);
    this.callback([], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {
    pageObservers.delete(this.callback);
  }
}
/** Content arriving somewhere on the page changes its size. */
const pageGrows = () => {
  for (const callback of [...pageObservers]) callback([], {} as ResizeObserver);
};

beforeEach(() => {
  globalThis.ResizeObserver = PageResizeObserver as unknown as typeof ResizeObserver;
  scrollTo.mockReset();
  scrollIntoView.mockReset();
  reducedMotion = false;
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
  window.matchMedia = (query: string) =>
    ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList;
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

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

  it('keeps the section in view while the page above it fills in, as the tutors and stories arrive', () => {
    renderAt('/#pricing');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    pageGrows();
    pageGrows();
    expect(scrollIntoView).toHaveBeenCalledTimes(3);
    expect(scrollIntoView.mock.contexts.every((element) => element === document.getElementById('pricing'))).toBe(true);
  });

  it('leaves the scrolling to the visitor once they scroll or act themselves', () => {
    renderAt('/#pricing');
    fireEvent.wheel(window);
    pageGrows();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('stops keeping the section in view once the page has had time to settle', () => {
    jest.useFakeTimers();
    renderAt('/#pricing');
    act(() => jest.advanceTimersByTime(SECTION_SETTLE_MS));
    pageGrows();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(pageObservers.size).toBe(0);
  });

  it('stops watching the page when the visitor leaves it', () => {
    renderAt('/#pricing');
    cleanup();
    expect(pageObservers.size).toBe(0);
  });
});

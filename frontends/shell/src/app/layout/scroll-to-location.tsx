import { useEffect } from 'react';
import { useLocation } from 'react-router';

const sectionId = (hash: string): string => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
};

/** How long after a section link the page may still be growing (lists arriving above the section). */
export const SECTION_SETTLE_MS = 3_000;
/** What the visitor does to scroll or act on the page themselves, which ends the keeping in view. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * The router does not scroll by itself: a hash scrolls smoothly to its section (spec: the home page
 * links scroll), any other navigation starts at the top of the new page. Sections above the target
 * fill in as their data arrives (the tutors, the stories), which would push it out of view after the
 * scroll, and the section itself may not be rendered yet: for a few seconds, until the visitor scrolls
 * or acts, each change of the page's size scrolls to it again.
 */
export function ScrollToLocation() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    if (hash === '') {
      window.scrollTo({ top: 0 });
      return;
    }
    const id = sectionId(hash);
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    const scrollToSection = () => document.getElementById(id)?.scrollIntoView({ behavior });
    scrollToSection();

    let pageSizes = 0;
    const observer = new ResizeObserver(() => {
      // The first report is the size the page had when observed, already scrolled to.
      if (pageSizes++ > 0) scrollToSection();
    });
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      clearTimeout(settled);
      for (const input of VISITOR_INPUT) window.removeEventListener(input, stop);
    };
    const settled = setTimeout(stop, SECTION_SETTLE_MS);
    for (const input of VISITOR_INPUT) window.addEventListener(input, stop, { passive: true });
    return stop;
  }, [pathname, hash, key]);

  return null;
}

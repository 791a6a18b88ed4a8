import { useEffect } from 'react';
import { useLocation } from 'react-router';

const sectionId = (hash: string): string => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
};

/**
 * The router does not scroll by itself: a hash scrolls smoothly to its section (spec: the home page
 * links scroll), any other navigation starts at the top of the new page.
 */
export function ScrollToLocation() {
  const { pathname, hash, key } = useLocation();

  useEffect(() => {
    if (hash === '') {
      window.scrollTo({ top: 0 });
      return;
    }
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(sectionId(hash))?.scrollIntoView({
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }, [pathname, hash, key]);

  return null;
}

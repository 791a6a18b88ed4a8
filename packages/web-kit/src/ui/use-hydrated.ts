import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true from then on; a page
 * rendered in the browser from scratch is true at once. React renders the server's value first
 * when hydrating, so the markup matches, then renders again with the browser's.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, routeTable } from './app/router';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into.');

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

/** Downloads the code of the page at the browser's location (its route's chunk). */
const loadCurrentPage = () =>
  Promise.all((matchRoutes(routeTable, window.location) ?? []).map(({ route }) => route.page.load()));

/**
 * A prerendered page already holds its markup: the first render must be that same page, so its code
 * is downloaded before hydrating (otherwise the page would suspend and the hydration not match).
 */
async function hydratePrerenderedPage(root: HTMLElement): Promise<void> {
  await loadCurrentPage();
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

/**
 * Any other page is drawn once its code is here, rather than as the frame around a spinner that the
 * page then pushes down (layout shift). A failed download renders anyway: the page's boundary shows it.
 */
async function renderFromScratch(root: HTMLElement): Promise<void> {
  await loadCurrentPage().catch(() => undefined);
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(app);
  });
}

/** `/about/` and `/about` are the same page. */
const pagePath = (path: string) => path.replace(/(.)\/+$/, '$1');

/** Whether the HTML holds the page at the browser's location: its own, or the not-found page ('*'). */
function holdsCurrentPage(prerenderedPath: string | undefined): boolean {
  if (prerenderedPath === '*') {
    return (matchRoutes(routeTable, window.location) ?? []).every(({ route }) => route.path === '*');
  }
  return prerenderedPath === pagePath(window.location.pathname);
}

if (holdsCurrentPage(container.dataset.prerenderedPath)) {
  // A page chunk that fails to load is then shown by the route's error boundary.
  hydratePrerenderedPage(container).catch(() => renderFromScratch(container));
} else {
  void renderFromScratch(container);
}

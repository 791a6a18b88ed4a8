import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, type HydrationState, createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { hydrationDataId } from './prerender/page-html';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into.');

const app = (router: DataRouter) => (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/**
 * A prerendered page already holds its markup: the router must render that same page on its first
 * render, so the lazy routes it matches are loaded before the router exists (otherwise it would
 * render the HydrateFallback and the hydration would not match).
 */
async function hydratePrerenderedPage(root: HTMLElement): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  const hydrationData = JSON.parse(document.getElementById(hydrationDataId)?.textContent ?? '{}') as HydrationState;
  hydrateRoot(root, app(createBrowserRouter(routes, { hydrationData })));
}

const renderFromScratch = (root: HTMLElement) => createRoot(root).render(app(createBrowserRouter(routes)));

/** `/about/` and `/about` are the same page. */
const pagePath = (path: string) => path.replace(/(.)\/+$/, '$1');

if (container.dataset.prerenderedPath === pagePath(window.location.pathname)) {
  // A page chunk that fails to load is then shown by the route's error boundary.
  hydratePrerenderedPage(container).catch(() => renderFromScratch(container));
} else {
  renderFromScratch(container);
}

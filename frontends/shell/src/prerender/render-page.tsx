import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes, routeTable } from '../app/router';
import { indexedPaths } from '../seo/site-files';
import type { RenderedPage } from './page-html';

/**
 * The pages whose HTML is rendered at build time: the public pages search engines index, and the sign-in
 * and payment-success pages, which are not indexed but are public and should paint before any script.
 */
export const prerenderedPaths = [...indexedPaths, '/auth', '/payment-success'];

/**
 * Every path the router knows. The gateway answers any other path with the prerendered not-found page
 * and a 404 status (build/prerender-plugin.ts writes both), rather than an empty shell and a 200.
 */
export const routePaths = routeTable.map(({ path }) => path).filter((path) => path !== '*');

/** A path only the catch-all route matches: what the not-found page is rendered at. */
export const notFoundProbePath = '/404';

/** React 19 puts a page's <title> and <meta> tags first in a rendered fragment; they belong in <head>. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/**
 * Renders one public page as the browser's first render will (bootstrap.tsx): the same providers,
 * the session still loading, every fetched list still loading and the catalog's bundled copy.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const pages = (matchRoutes(routeTable, path) ?? []).map(({ route }) => route.page);
  if (pages.length === 0) throw new Error(`${path} matches no route.`);
  await Promise.all(pages.map((page) => page.load()));

  const markup = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const head = leadingHeadTags.exec(markup)?.[0] ?? '';
  return { path, head, body: markup.slice(head.length), chunks: pages.map((page) => page.chunk) };
}

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { publicOrigin } from '../config/origin';
import { indexedPaths } from '../seo/site-files';
import type { RenderedPage } from './page-html';

/** The pages whose HTML is rendered at build time: the public pages search engines index. */
export const prerenderedPaths = indexedPaths;

/** React 19 puts a page's <title> and <meta> tags first in a rendered fragment; they belong in <head>. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/**
 * Renders one public page as the browser's first render will (bootstrap.tsx): the same providers,
 * the session still loading, every fetched list still loading and the catalog's bundled copy.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(path, publicOrigin)));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page.`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);

  const markup = renderToString(
    <StrictMode>
      <Providers>
        {/* The hydration data goes outside #root (page-html.ts), where it cannot upset the hydration. */}
        <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const head = leadingHeadTags.exec(markup)?.[0] ?? '';
  const chunks = context.matches.flatMap(({ route }) => {
    const chunk: unknown = (route.handle as { chunk?: unknown } | undefined)?.chunk;
    return typeof chunk === 'string' ? [chunk] : [];
  });

  return {
    path,
    head,
    body: markup.slice(head.length),
    hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    chunks,
  };
}

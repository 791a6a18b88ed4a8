import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { type PageAssets, type RenderedPage, pageHtml } from '../src/prerender/page-html';

/** The environment that bundles render-page.tsx for Node, next to the browser's `web`. */
export const prerenderEnvironment = 'prerender';

/** The client-rendered page the gateway falls back to for routes that are not prerendered. */
export const shellPage = 'shell.html';

/** The prerendered not-found page, which the gateway sends with a 404 for paths no route has. */
export const notFoundPage = '404.html';

/** The router's paths, for the gateway to tell a client-rendered route from a missing page. */
export const routesFile = 'routes.json';

/** The `data-prerendered-path` of the not-found page: it stands for any path no route has. */
export const anyUnknownPath = '*';

interface RenderModule {
  prerenderedPaths: string[];
  routePaths: string[];
  notFoundProbePath: string;
  renderPage(path: string): Promise<RenderedPage>;
}

/** Each named chunk group's CSS and JS files, from the browser build's stats. */
function chunkAssets(stats: Rspack.Stats | Rspack.MultiStats | undefined): Map<string, PageAssets> {
  const web = stats && 'stats' in stats ? stats.stats.find((one) => one.compilation.name === 'web') : stats;
  const json = web?.toJson({ all: false, chunkGroups: true, publicPath: true });
  const publicPath = json?.publicPath ?? '/';
  const groups = new Map<string, PageAssets>();
  for (const [name, group] of Object.entries(json?.namedChunkGroups ?? {})) {
    const files = (group.assets ?? []).map((asset) => `${publicPath}${asset.name}`);
    groups.set(name, {
      css: files.filter((file) => file.endsWith('.css')),
      js: files.filter((file) => file.endsWith('.js')),
    });
  }
  return groups;
}

/** `/about` → `about/index.html`; `/` → `index.html`. */
const pageFile = (path: string): string => join(path.replace(/^\/+/, ''), 'index.html');

/**
 * After both builds, renders every public page to `dist/<path>/index.html` with the Node bundle, so
 * the page's content is in its HTML before any JavaScript runs; the browser then hydrates it. The
 * untouched build output stays as `shell.html` for the client-rendered routes.
 */
export const pluginPrerender = (): RsbuildPlugin => ({
  name: 'medtutor:prerender',
  setup(api) {
    api.onAfterBuild(async ({ stats, environments }) => {
      const web = environments.web;
      const node = environments[prerenderEnvironment];
      if (web === undefined || node === undefined) return;

      const template = readFileSync(join(web.distPath, 'index.html'), 'utf8');
      writeFileSync(join(web.distPath, shellPage), template);
      const entry = pathToFileURL(join(node.distPath, 'prerender.js')).href;
      const { prerenderedPaths, routePaths, notFoundProbePath, renderPage } = (await import(entry)) as RenderModule;
      const assets = chunkAssets(stats);
      const write = (file: string, page: RenderedPage) => {
        const own = page.chunks.map((chunk) => assets.get(chunk) ?? { css: [], js: [] });
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, pageHtml(template, page, { css: own.flatMap((a) => a.css), js: own.flatMap((a) => a.js) }));
      };

      for (const path of prerenderedPaths) write(join(web.distPath, pageFile(path)), await renderPage(path));
      const notFound = await renderPage(notFoundProbePath);
      write(join(web.distPath, notFoundPage), { ...notFound, path: anyUnknownPath });
      writeFileSync(join(web.distPath, routesFile), JSON.stringify({ routes: routePaths }));
      api.logger.info(`prerendered ${prerenderedPaths.length} pages and the not-found page`);
    });
  },
});

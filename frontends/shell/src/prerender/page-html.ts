/** One page rendered at build time (render-page.tsx), before it is put into the built HTML. */
export interface RenderedPage {
  /** The route's path, `/about`. */
  path: string;
  /** <title> and <meta> tags. */
  head: string;
  /** The markup of #root. */
  body: string;
  /** The names of the page's own chunks (route `handle.chunk`). */
  chunks: string[];
}

/** The built files of the page's chunks, as paths from the site root. */
export interface PageAssets {
  css: string[];
  js: string[];
}

const replaceOnce = (html: string, search: RegExp, replacement: string): string => {
  if (!search.test(html)) throw new Error(`The built index.html has no ${search.source}.`);
  return html.replace(search, () => replacement);
};

/**
 * The built index.html (rsbuild's, with the entry's scripts and styles) holding a prerendered page:
 * its title and meta tags replace the default title, the page's own stylesheets come before first
 * paint and its scripts are preloaded. #root names the page, so a server that answers another route
 * with this file (an SPA fallback) gets a fresh render instead of a failed hydration.
 */
export function pageHtml(template: string, page: RenderedPage, assets: PageAssets): string {
  const links = [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.js.map((href) => `<link rel="preload" as="script" href="${href}">`),
  ].join('');
  let html = replaceOnce(template, /<title>[^<]*<\/title>/, page.head);
  html = replaceOnce(html, /<\/head>/, `${links}</head>`);
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered-path="${page.path}">${page.body}</div>`,
  );
}

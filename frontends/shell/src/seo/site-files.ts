import { subjects } from '../config/catalog';

/** The pages search engines should index; dashboards, checkout and account pages are left out. */
export const indexedPaths = [
  '/',
  '/about',
  ...subjects.map((subject) => subject.path),
  '/contact',
  '/privacy-policy',
  '/terms',
];

const absolute = (origin: string, path: string): string => new URL(path, origin).href;

export const robotsTxt = (origin: string): string =>
  `User-agent: *\nAllow: /\n\nSitemap: ${absolute(origin, '/sitemap.xml')}\n`;

export const sitemapXml = (origin: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexedPaths.map((path) => `  <url><loc>${absolute(origin, path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

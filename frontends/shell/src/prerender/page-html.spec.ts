import { describe, expect, it } from '@jest/globals';
import { pageHtml, type RenderedPage } from './page-html';

const template =
  '<!doctype html><html><head><meta charset="utf-8" /><title>MedPath Tutors</title>' +
  '<script defer src="/static/js/index.1a2b3c4d5e.js"></script><link href="/static/css/index.1a2b3c4d5e.css" rel="stylesheet"></head>' +
  '<body><div id="root"></div></body></html>';

const page: RenderedPage = {
  path: '/about',
  head: '<title>About Us | MedPath Tutors</title><meta name="description" content="About"/>',
  body: '<main><h1>About Us</h1></main>',
  chunks: ['route-about'],
};

const assets = { css: ['/static/css/async/route-about.1.css'], js: ['/static/js/async/route-about.1.js'] };

describe('pageHtml', () => {
  const html = pageHtml(template, page, assets);

  it('replaces the default title with the page head', () => {
    expect(html).not.toContain('<title>MedPath Tutors</title>');
    expect(html.indexOf(page.head)).toBeGreaterThan(html.indexOf('<meta charset="utf-8" />'));
  });

  it("links the page's own stylesheet and preloads its script", () => {
    expect(html).toContain('<link rel="stylesheet" href="/static/css/async/route-about.1.css">');
    expect(html).toContain('<link rel="preload" as="script" href="/static/js/async/route-about.1.js">');
  });

  it('puts the markup into a #root that names the page', () => {
    expect(html).toContain('<div id="root" data-prerendered-path="/about"><main><h1>About Us</h1></main></div>');
  });

  it('refuses a template it cannot fill', () => {
    expect(() => pageHtml('<html><head></head><body></body></html>', page, assets)).toThrow(/no <title>/);
  });
});

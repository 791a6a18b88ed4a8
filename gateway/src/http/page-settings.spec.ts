import { describe, expect, it } from '@jest/globals';
import { PAGE_SETTINGS_TOKENS, parsePageSettings } from '@medtutor/contracts';
import { pageSettingsWriter } from './page-settings.js';

const { publicBaseUrl: ORIGIN, supportEmail: EMAIL } = PAGE_SETTINGS_TOKENS;
const settings = { publicBaseUrl: 'https://medpath.example', supportEmail: 'help@medpath.example' };
const write = pageSettingsWriter(settings);

/** A prerendered page as the shell's build writes it: the settings' tokens in attributes, text and JSON-LD. */
const page = [
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>About Us</title>',
  `<meta property="og:url" content="${ORIGIN}/about"/><script defer src="/static/js/index.0123abcd.js"></script></head>`,
  `<body><div id="root"><a href="mailto:${EMAIL}">${EMAIL}</a>`,
  `<script type="application/ld+json">{"url":"${ORIGIN}/","email":"${EMAIL}"}</script></div></body></html>`,
].join('');

/** The settings in the page's meta tag, as a browser reads them (character references decoded). */
const metaSettings = (html: string) => {
  const content = /<meta name="medtutor-settings" content="([^"]*)">/.exec(html)?.[1];
  return parsePageSettings(content?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
};

describe('pageSettingsWriter', () => {
  it('replaces every token of a page and gives it the settings first in its head', () => {
    const html = write(page, '.html');

    expect(html).not.toContain('.invalid');
    expect(html).toContain('<meta property="og:url" content="https://medpath.example/about"/>');
    expect(html).toContain('<a href="mailto:help@medpath.example">help@medpath.example</a>');
    expect(html).toContain('{"url":"https://medpath.example/","email":"help@medpath.example"}');
    expect(html).toMatch(
      /^<!doctype html><html lang="en-GB"><head><meta name="medtutor-settings" content="[^"]+"><meta charset/,
    );
    expect(metaSettings(html)).toEqual(settings);
  });

  it('escapes each value for where it stands: markup, JSON in a script, the meta tag', () => {
    const awkward = { publicBaseUrl: 'https://a.example/?q="<x>"&y', supportEmail: "o'brien</script>@b.example" };
    const html = pageSettingsWriter(awkward)(page, '.html');

    expect(html).toContain('content="https://a.example/?q=&quot;&lt;x&gt;&quot;&amp;y/about"');
    expect(html).toContain('>o&#39;brien&lt;/script&gt;@b.example</a>');
    const jsonLd = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toEqual({ url: `${awkward.publicBaseUrl}/`, email: awkward.supportEmail });
    expect(metaSettings(html)).toEqual(awkward);
  });

  it('puts the meta tag after the doctype of a page without a head', () => {
    expect(write('<!doctype html><title>Shell</title>', '.html')).toMatch(
      /^<!doctype html><meta name="medtutor-settings" content="[^"]+"><title>Shell<\/title>$/,
    );
  });

  it('writes the origin into robots.txt as it is and into the sitemap as XML', () => {
    expect(write(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`, '.txt')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://medpath.example/sitemap.xml\n',
    );
    const sitemap = `<urlset><url><loc>${ORIGIN}/</loc></url><url><loc>${ORIGIN}/about</loc></url></urlset>`;
    expect(write(sitemap, '.xml')).toBe(
      '<urlset><url><loc>https://medpath.example/</loc></url><url><loc>https://medpath.example/about</loc></url></urlset>',
    );
    expect(pageSettingsWriter({ ...settings, publicBaseUrl: 'https://a.example?x&y' })(sitemap, '.xml')).toContain(
      '<loc>https://a.example?x&amp;y/about</loc>',
    );
  });
});

import { describe, expect, it } from '@jest/globals';
import { robotsTxt, sitemapXml } from './site-files';

describe('site files', () => {
  it('robots.txt allows everything and points at the sitemap on the configured origin', () => {
    expect(robotsTxt('https://medpath.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://medpath.example/sitemap.xml\n',
    );
  });

  it('sitemap.xml lists the public pages as absolute URLs', () => {
    const xml = sitemapXml('https://medpath.example/');

    expect(xml).toContain('<loc>https://medpath.example/</loc>');
    expect(xml).toContain('<loc>https://medpath.example/medical-school-interviews</loc>');
    expect(xml).toContain('<loc>https://medpath.example/privacy-policy</loc>');
    expect(xml).not.toContain('/my-tutoring');
    expect(xml.match(/<url>/g)).toHaveLength(8);
  });
});

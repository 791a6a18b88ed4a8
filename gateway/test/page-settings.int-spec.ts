import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_SETTINGS_TOKENS } from '@medtutor/contracts';
import request from 'supertest';
import { type GatewayUnderTest, startLoneGateway } from './support/test-gateway.js';

/*
 * One frontend build for every environment (issue 14): the build writes tokens where a setting
 * belongs, and the gateway serves its pages, robots.txt and sitemap.xml with this environment's
 * PUBLIC_BASE_URL and SUPPORT_EMAIL written in.
 */

const { publicBaseUrl: ORIGIN, supportEmail: EMAIL } = PAGE_SETTINGS_TOKENS;
const settings = { publicBaseUrl: 'https://tutoring.example', supportEmail: 'help@tutoring.example' };

/** Long enough to be compressed (1 KiB and more), like the real pages. */
const filler = `<p>${'Medicine, dentistry and veterinary interviews. '.repeat(40)}</p>`;
const aboutPage = [
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>About Us</title>',
  `<meta property="og:url" content="${ORIGIN}/about"/></head><body><div id="root">`,
  `<a href="mailto:${EMAIL}">${EMAIL}</a>${filler}`,
  `<script type="application/ld+json">{"url":"${ORIGIN}/","email":"${EMAIL}"}</script></div></body></html>`,
].join('');
const shellPage = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const robots = `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`;
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>${ORIGIN}/about</loc></url></urlset>\n`;

let frontendDir: string;
let gateway: GatewayUnderTest;
let server: Server;

function writeBuild(files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(frontendDir, path)), { recursive: true });
    writeFileSync(join(frontendDir, path), content);
  }
}

beforeAll(async () => {
  frontendDir = mkdtempSync(join(tmpdir(), 'gw-page-settings-'));
  writeBuild({
    'shell/dist/index.html': shellPage,
    'shell/dist/shell.html': shellPage,
    'shell/dist/about/index.html': aboutPage,
    // A compressed copy from the build still holds the tokens: it must never be sent.
    'shell/dist/about/index.html.gz': gzipSync(aboutPage),
    'shell/dist/robots.txt': robots,
    'shell/dist/sitemap.xml': sitemap,
    'shell/dist/static/js/index.0123abcd.js': `const fallback = "${ORIGIN}";`,
  });
  gateway = await startLoneGateway({
    env: { FRONTEND_DIR: frontendDir, PUBLIC_BASE_URL: settings.publicBaseUrl, SUPPORT_EMAIL: settings.supportEmail },
  });
  server = gateway.app.getHttpServer();
});

afterAll(async () => {
  await gateway?.close();
});

/** A GET with the given Accept-Encoding; supertest decodes what comes compressed (and fails on a bad copy). */
const get = (path: string, acceptEncoding: string) =>
  request(server).get(path).set('Accept-Encoding', acceptEncoding).buffer(true);

describe('run-time page settings', () => {
  it('serves a prerendered page with the settings in every encoding, never a token, never cached', async () => {
    for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
      const res = await get('/about', acceptEncoding);
      expect(res.status).toBe(200);
      const expected = { 'br, gzip': 'br', gzip: 'gzip', identity: undefined }[acceptEncoding];
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Accept-Encoding');
      const html = res.text;
      expect(html).not.toContain('.invalid');
      expect(html).toContain('content="https://tutoring.example/about"');
      expect(html).toContain('<a href="mailto:help@tutoring.example">help@tutoring.example</a>');
      expect(html).toContain('{"url":"https://tutoring.example/","email":"help@tutoring.example"}');
      expect(html).toContain(
        '<meta name="medtutor-settings" content="{&#34;publicBaseUrl&#34;:&#34;https://tutoring.example&#34;,&#34;supportEmail&#34;:&#34;help@tutoring.example&#34;}">',
      );
    }
  });

  it('gives the client-rendered shell the settings too, on any route and by its file name', async () => {
    for (const path of ['/my-tutoring', '/shell.html', '/index.html']) {
      const html = (await get(path, 'identity')).text;
      expect(html).toContain('<head><meta name="medtutor-settings" content="{&#34;publicBaseUrl');
    }
  });

  it('serves robots.txt and sitemap.xml for the configured origin', async () => {
    const robotsTxt = await get('/robots.txt', 'br, gzip');
    expect(robotsTxt.headers['content-type']).toMatch(/^text\/plain/);
    expect(robotsTxt.text).toBe('User-agent: *\nAllow: /\n\nSitemap: https://tutoring.example/sitemap.xml\n');
    const sitemapXml = await get('/sitemap.xml', 'identity');
    expect(sitemapXml.headers['content-type']).toMatch(/xml/);
    expect(sitemapXml.text).toContain('<loc>https://tutoring.example/about</loc>');
    expect(sitemapXml.text).not.toContain('.invalid');
  });

  it('answers 304 to a matching ETag, which differs per encoding', async () => {
    const gzipped = await get('/about', 'gzip');
    const plain = await get('/about', 'identity');
    expect(gzipped.headers.etag).toMatch(/^"[\w-]+-gzip"$/);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
    const again = await request(server)
      .get('/about')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', gzipped.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('leaves scripts as built: they read the settings from the page', async () => {
    const res = await get('/static/js/index.0123abcd.js', 'identity');
    expect(res.text).toBe(`const fallback = "${ORIGIN}";`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('writes a rebuilt page again, without a restart', async () => {
    const before = await get('/about', 'gzip');
    writeBuild({ 'shell/dist/about/index.html': aboutPage.replace('About Us', 'About MedPath Tutors') });
    const after = await get('/about', 'gzip');
    expect(after.text).toContain('<title>About MedPath Tutors</title>');
    expect(after.text).toContain('content="https://tutoring.example/about"');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

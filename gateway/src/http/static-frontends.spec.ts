import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheControlFor, isSpaNavigation, prerenderedPageFile, shellRouteChecker } from './static-frontends.js';

describe('cacheControlFor', () => {
  it('caches content-hashed assets for a year', () => {
    expect(cacheControlFor('/dist/static/js/index.3f2a9c1b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/static/js/async/812.5e0c7d2f.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/static/css/index.a1b2c3d4.css')).toBe('public, max-age=31536000, immutable');
  });

  it('makes entry points and unhashed files revalidate', () => {
    expect(cacheControlFor('/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist/about/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist/shell.html')).toBe('no-cache');
    expect(cacheControlFor('/dist/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/dist/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/dist/favicon.ico')).toBe('no-cache');
  });
});

describe('isSpaNavigation', () => {
  it('sends client-side routes to the shell', () => {
    expect(isSpaNavigation('GET', '/')).toBe(true);
    expect(isSpaNavigation('GET', '/my-tutoring')).toBe(true);
    expect(isSpaNavigation('HEAD', '/reset-password')).toBe(true);
    expect(isSpaNavigation('GET', '/apiary')).toBe(true);
  });

  it('leaves the API, remotes, probes, files and other methods alone', () => {
    expect(isSpaNavigation('GET', '/api/user')).toBe(false);
    expect(isSpaNavigation('GET', '/api')).toBe(false);
    expect(isSpaNavigation('GET', '/remotes/admin/x')).toBe(false);
    expect(isSpaNavigation('GET', '/healthz')).toBe(false);
    expect(isSpaNavigation('GET', '/readyz')).toBe(false);
    expect(isSpaNavigation('GET', '/static/js/missing.js')).toBe(false);
    expect(isSpaNavigation('POST', '/auth')).toBe(false);
  });
});

describe('prerenderedPageFile', () => {
  it('maps a page path to its index.html in the build', () => {
    expect(prerenderedPageFile('/')).toBe('index.html');
    expect(prerenderedPageFile('/about')).toBe('about/index.html');
    expect(prerenderedPageFile('/about/')).toBe('about/index.html');
    expect(prerenderedPageFile('/medical-school-interviews')).toBe('medical-school-interviews/index.html');
  });

  it('refuses paths that could leave the build folder or name a file', () => {
    expect(prerenderedPageFile('/../secrets')).toBeNull();
    expect(prerenderedPageFile('/%2e%2e/secrets')).toBeNull();
    expect(prerenderedPageFile('/about/../../etc')).toBeNull();
    expect(prerenderedPageFile('/about//x')).toBeNull();
    expect(prerenderedPageFile('/About')).toBeNull();
    expect(prerenderedPageFile('/index.html')).toBeNull();
  });
});

describe('shellRouteChecker', () => {
  const routesFile = (routes: string[]) => {
    const file = join(mkdtempSync(join(tmpdir(), 'routes-')), 'routes.json');
    writeFileSync(file, JSON.stringify({ routes }));
    return file;
  };

  it("knows the router's paths as the router matches them: any case, trailing slash or not", () => {
    const isRoute = shellRouteChecker(routesFile(['/', '/my-tutoring', '/account/security']));
    for (const path of ['/', '/my-tutoring', '/My-Tutoring/', '/account/security']) expect(isRoute(path)).toBe(true);
    for (const path of ['/nope', '/my-tutoring/extra', '/account']) expect(isRoute(path)).toBe(false);
  });

  it('reads the file again when the shell is rebuilt', () => {
    const file = routesFile(['/']);
    const isRoute = shellRouteChecker(file);
    expect(isRoute('/checkout')).toBe(false);
    writeFileSync(file, JSON.stringify({ routes: ['/', '/checkout', '/more-paths-to-change-the-size'] }));
    expect(isRoute('/checkout')).toBe(true);
  });

  it('takes every path as a route when the build wrote no routes.json (an older build)', () => {
    const isRoute = shellRouteChecker(join(tmpdir(), 'no-such-dir', 'routes.json'));
    expect(isRoute('/anything')).toBe(true);
  });
});

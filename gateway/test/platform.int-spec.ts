import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ErrorCodes, LoginBodySchema, ServerMessages } from '@medtutor/contracts';
import request from 'supertest';
import { z } from 'zod';
import { MALFORMED_JSON_MESSAGE } from '../src/filters/api-error.js';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';
import type { GatewayUnderTest } from './support/test-gateway.js';

/**
 * A built shell (two prerendered pages, the client-rendered shell, the not-found page, the router's
 * paths and a compressed copy of its script) and student remote; the admin remote is deliberately
 * not built.
 */
function fakeFrontendBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'gw-frontends-'));
  const files: Record<string, string | Buffer> = {
    'shell/dist/index.html': '<!doctype html><title>MedPath home page</title>',
    'shell/dist/about/index.html': '<!doctype html><title>MedPath about page</title>',
    'shell/dist/shell.html': '<!doctype html><title>MedPath shell</title>',
    'shell/dist/404.html': '<!doctype html><title>MedPath not found</title>',
    'shell/dist/routes.json': JSON.stringify({ routes: ['/', '/about', '/my-tutoring', '/reset-password'] }),
    'shell/dist/static/js/index.0123abcd.js': 'console.log("shell")',
    'shell/dist/static/js/index.0123abcd.js.gz': gzipSync('console.log("shell")'),
    'student/dist/mf-manifest.json': '{"name":"student"}',
    'student/dist/remoteEntry.js': 'var student;',
    'student/dist/static/js/async/812.89abcdef.js': 'export {}',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

let platform: RealPlatform;
let gateway: GatewayUnderTest;
let server: Server;

// The real identity behind the gateway: the routes that reach a service reach it.
beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'platform',
    services: [],
    gatewayEnv: { FRONTEND_DIR: fakeFrontendBuilds(), TRUST_PROXY: 'false', RPC_TIMEOUT_MS: '2000' },
  });
  gateway = platform.gateway;
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const notFound = { statusCode: 404, code: ErrorCodes.notFound, message: ServerMessages.notFound };

describe('error format', () => {
  it.each([
    ['get', '/api/nope'],
    ['post', '/api/nope'],
    ['patch', '/api'],
  ] as const)('answers %s %s with a JSON 404', async (method, path) => {
    const res = await request(server)[method](path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(notFound);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await request(server)
      .post('/api/login')
      .send({ email: 'a@b.co', password: 'x'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      code: ErrorCodes.payloadTooLarge,
      message: ServerMessages.payloadTooLarge,
    });
  });

  it('answers 400 for malformed JSON without echoing the parser', async () => {
    const res = await request(server)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: ErrorCodes.validationFailed, message: MALFORMED_JSON_MESSAGE });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await request(server)
      .post('/api/forgot-password')
      .set('Content-Type', 'text/plain')
      .send('email=a@b.co');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      statusCode: 415,
      code: ErrorCodes.unsupportedMediaType,
      message: ServerMessages.unsupportedMediaType,
    });
  });
});

describe('security headers', () => {
  it.each(['/api/user', '/', '/static/js/index.0123abcd.js', '/api/nope', '/healthz'])(
    'are set on %s',
    async (path) => {
      const res = await request(server).get(path);
      const csp = res.headers['content-security-policy'] as string;
      for (const directive of [
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com",
        'frame-src https://js.stripe.com https://hooks.stripe.com',
        "connect-src 'self' https://api.stripe.com",
        "img-src 'self' data: https:",
        "style-src 'self' 'unsafe-inline'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it("refuses a browser's cross-site POST", async () => {
    for (const crossSite of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }]) {
      const res = await request(server).post('/api/logout').set(crossSite);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, code: ErrorCodes.forbidden, message: ServerMessages.forbidden });
    }
    expect((await request(server).post('/api/logout').set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
  });
});

describe('correlation id', () => {
  it('is generated when absent and echoed when sane', async () => {
    const generated = await request(server).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(server).get('/api/nope').set('x-request-id', 'edge-7f3a.1');
    expect(echoed.headers['x-request-id']).toBe('edge-7f3a.1');
  });
});

describe('frontends', () => {
  it('serves prerendered pages as their own HTML, never cached', async () => {
    const pages: [string, string][] = [
      ['/', 'MedPath home page'],
      ['/about', 'MedPath about page'],
      ['/about/', 'MedPath about page'],
    ];
    for (const [path, title] of pages) {
      const res = await request(server).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(title);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the compressed copy the build left to browsers that accept it', async () => {
    const gzipped = await request(server).get('/static/js/index.0123abcd.js').set('Accept-Encoding', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toContain('javascript');
    expect(gzipped.headers.vary).toContain('Accept-Encoding');
    expect(gzipped.text).toBe('console.log("shell")');
    const plain = await request(server).get('/static/js/index.0123abcd.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("shell")');
  });

  it('serves the client-rendered shell for other client-side routes, never cached', async () => {
    for (const path of ['/my-tutoring', '/reset-password', '/About']) {
      const res = await request(server).get(path).query({ token: 'abc' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('MedPath shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a path no route has with the prerendered not-found page and a 404, never cached', async () => {
    for (const path of ['/this-page-does-not-exist', '/about/team', '/404']) {
      const res = await request(server).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('MedPath not found');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and 404s missing files as JSON', async () => {
    const asset = await request(server).get('/static/js/index.0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await request(server).get('/static/js/missing.0123abcd.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(notFound);
  });

  it('serves remotes with revalidated entry points and no fallback to the shell', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await request(server).get(`/remotes/student/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const chunk = await request(server).get('/remotes/student/static/js/async/812.89abcdef.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/remotes/student/nope.js', '/remotes/student/some/route', '/remotes/admin/mf-manifest.json']) {
      const res = await request(server).get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('MedPath shell');
    }
  });

  it('keeps navigations to /api out of the shell', async () => {
    const res = await request(server).get('/api/nope').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  });
});

describe('OpenAPI', () => {
  it('documents the routes with schemas generated from the contract', async () => {
    const res = await request(server).get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body as { paths: Record<string, object>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/login',
        '/api/register',
        '/api/logout',
        '/api/forgot-password',
        '/api/reset-password',
        '/readyz',
      ]),
    );
    // The email's format is stated too: its input side alone (text, trimmed) would not say it.
    expect(document.components.schemas.LoginBody).toEqual(
      z.toJSONSchema(LoginBodySchema, {
        target: 'openapi-3.0',
        io: 'input',
        override: ({ path, jsonSchema }) => {
          if (path.join('.') === 'properties.email') jsonSchema.format = 'email';
        },
      }),
    );
    expect(document.components.schemas).toHaveProperty('UserDto');
    expect(document.components.schemas).toHaveProperty('ApiErrorBody');
  });

  it('serves the UI', async () => {
    const res = await request(server).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});

describe('probes', () => {
  it('says the process is alive', async () => {
    const res = await request(server).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('is ready when its own NATS works (Redis is not in readiness: without it public pages still answer)', async () => {
    const res = await request(server).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service: 'gateway', status: 'ok', checks: { nats: 'ok' } });
  });

  it('stays ready while a service does not answer: that costs only its own routes', async () => {
    const frozen = platform.pauseService('identity');
    try {
      const res = await request(server).get('/readyz');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', checks: { nats: 'ok' } });
    } finally {
      frozen.resume();
    }
  });
});

describe('with no service listening at all', () => {
  it('answers 503 at once instead of waiting for the timeout', async () => {
    await platform.stopService('identity');
    const started = Date.now();
    const res = await request(server).post('/api/forgot-password').send({ email: 'someone@example.com' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: ErrorCodes.serviceUnavailable,
      message: ServerMessages.serviceUnavailable,
    });
    expect(Date.now() - started).toBeLessThan(gateway.config.rpcTimeoutMs);
    // The gateway itself still works (the shell, static files): it stays in the load balancer.
    expect((await request(server).get('/readyz')).status).toBe(200);
  });
});

import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { securityHeaders, securityHeaderValues } from '../http/security-headers.js';
import { entityTagOf, type PublicSnapshot } from './public-read-model.js';
import { publicReadsFromMemory } from './public-reads-from-memory.js';
import { type PublicRead, PublicReadsService } from './public-reads.service.js';

const body = Buffer.from('[{"id":1}]');
const snapshot: PublicSnapshot = { body, etag: entityTagOf(body), fetchedAt: Date.now() };

/** The middleware in front of a route that says when a request got past it. */
function app(held: Partial<Record<PublicRead, PublicSnapshot>>) {
  const reads = Object.create(PublicReadsService.prototype) as PublicReadsService;
  reads.held = (name: PublicRead) => held[name];
  const server = express();
  server.use(publicReadsFromMemory(reads, securityHeaderValues(false)));
  server.use((_req, res) => {
    res.status(299).json({ passedOn: true });
  });
  return request(server);
}

describe('publicReadsFromMemory', () => {
  it('answers a held read at once, with the security headers and a request id', async () => {
    const res = await app({ testimonials: snapshot }).get('/api/testimonials').set('X-Request-Id', 'abc-123');
    expect(res.status).toBe(200);
    expect(res.text).toBe('[{"id":1}]');
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      etag: snapshot.etag,
      'cache-control': 'public, max-age=0, s-maxage=15',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': 'abc-123',
    });
    // Exactly what the middleware sets on every other answer.
    const viaMiddleware = await request(express().use(securityHeaders(false), (_req, out) => out.end())).get('/');
    expect(Object.keys(securityHeaderValues(false)).length).toBeGreaterThanOrEqual(10);
    for (const header of Object.keys(securityHeaderValues(false))) {
      expect(res.headers[header]).toBe(viaMiddleware.headers[header]);
    }
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const again = await app({ testimonials: snapshot }).get('/api/testimonials').set('If-None-Match', snapshot.etag);
    expect(again.status).toBe(304);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes on what it cannot answer from memory: nothing held, another method, another path', async () => {
    expect((await app({}).get('/api/testimonials')).status).toBe(299);
    expect((await app({ testimonials: snapshot }).post('/api/testimonials').send({})).status).toBe(299);
    expect((await app({ testimonials: snapshot }).head('/api/testimonials')).status).toBe(299);
    expect((await app({ testimonials: snapshot }).get('/api/testimonials/pending')).status).toBe(299);
    expect((await app({ testimonials: snapshot }).get('/api/tutors')).status).toBe(299);
  });
});

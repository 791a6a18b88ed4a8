import { createServer } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { securityHeaders, securityHeaderValues } from '../http/security-headers.js';
import { entityTagOf, type PublicSnapshot } from './public-read-model.js';
import { answerBeforeExpress, answerFromMemory } from './public-reads-from-memory.js';
import { type PublicRead, PublicReadsService } from './public-reads.service.js';

const body = Buffer.from('[{"id":1}]');
const snapshot: PublicSnapshot = { body, etag: entityTagOf(body), fetchedAt: Date.now() };

/** Express behind the answer, with a route that says when a request got past it. */
function server(held: Partial<Record<PublicRead, PublicSnapshot>>, stopping = false) {
  const reads = Object.create(PublicReadsService.prototype) as PublicReadsService;
  reads.held = (name: PublicRead) => held[name];
  const app = express();
  app.use((_req, res) => {
    res.status(299).json({ passedOn: true });
  });
  const http = createServer(app);
  answerBeforeExpress(
    http,
    answerFromMemory(reads, securityHeaderValues(false), () => stopping),
  );
  return request(http);
}

describe('answerFromMemory', () => {
  it('answers a held read before Express, with the security headers and a request id', async () => {
    const res = await server({ testimonials: snapshot })
      .get('/api/testimonials')
      .set('X-Request-Id', 'abc-123')
      .set('Connection', 'keep-alive');
    expect(res.status).toBe(200);
    expect(res.text).toBe('[{"id":1}]');
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      etag: snapshot.etag,
      'cache-control': 'public, max-age=0, s-maxage=15',
      'x-request-id': 'abc-123',
    });
    expect(res.headers.connection).not.toBe('close');
    // Exactly what the middleware sets on every other answer.
    const viaMiddleware = await request(express().use(securityHeaders(false), (_req, out) => out.end())).get('/');
    expect(Object.keys(securityHeaderValues(false)).length).toBeGreaterThanOrEqual(10);
    for (const header of Object.keys(securityHeaderValues(false))) {
      expect(res.headers[header]).toBe(viaMiddleware.headers[header]);
    }
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers 304 to a current copy, and closes connections while the gateway drains', async () => {
    const again = await server({ tutors: snapshot }).get('/api/tutors').set('If-None-Match', snapshot.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const draining = await server({ tutors: snapshot }, true).get('/api/tutors').set('Connection', 'keep-alive');
    expect(draining.status).toBe(200);
    expect(draining.headers.connection).toBe('close');
  });

  it('passes on to Express what it cannot answer from memory', async () => {
    expect((await server({}).get('/api/testimonials')).status).toBe(299);
    const held = server({ testimonials: snapshot });
    expect((await held.post('/api/testimonials').send({})).status).toBe(299);
    expect((await held.head('/api/testimonials')).status).toBe(299);
    expect((await held.get('/api/testimonials?page=2')).status).toBe(299);
    expect((await held.get('/api/testimonials/')).status).toBe(299);
    expect((await held.get('/api/testimonials/pending')).status).toBe(299);
    expect((await held.get('/api/tutors')).status).toBe(299);
  });
});

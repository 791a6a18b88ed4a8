import { describe, expect, it } from '@jest/globals';
import { ErrorCodes, LoginBodySchema, ServerMessages } from '@medtutor/contracts';
import express from 'express';
import request from 'supertest';
import { ApiError, MALFORMED_JSON_MESSAGE } from '../filters/api-error.js';
import { methodNotAllowed, noStore } from './api-hygiene.js';
import { jsonBody } from './json-body.js';
import { parseBody } from './zod-body.pipe.js';

/** An Express app shaped like the gateway's: middleware first, routes registered afterwards. */
function app() {
  const server = express();
  server.use('/api', noStore);
  server.use(methodNotAllowed(() => (server as unknown as { router: { stack: object[] } }).router.stack));
  server.use(jsonBody('1kb'));
  server.post('/api/login', (req, res) => {
    try {
      res.json(parseBody(LoginBodySchema, req.body));
    } catch (error) {
      const apiError = error as ApiError;
      res.status(apiError.statusCode).json(apiError.toBody());
    }
  });
  server.get('/api/sessions/:id/ledger', (_req, res) => res.json([]));
  server.patch('/api/sessions/:id/ledger', (_req, res) => res.json([]));
  return server;
}

describe('405 from the router table', () => {
  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await request(app()).delete('/api/sessions/12/ledger');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PATCH, OPTIONS');
    expect(res.body).toEqual({
      statusCode: 405,
      code: ErrorCodes.methodNotAllowed,
      message: ServerMessages.methodNotAllowed,
    });
  });

  it('leaves known methods, unknown paths and HEAD of a GET route alone', async () => {
    const server = app();
    expect((await request(server).get('/api/sessions/12/ledger')).status).toBe(200);
    expect((await request(server).head('/api/sessions/12/ledger')).status).toBe(200);
    expect((await request(server).delete('/api/nope')).status).toBe(404);
  });

  it('answers OPTIONS on a known path with 204 and Allow', async () => {
    const res = await request(app()).options('/api/login');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('POST, OPTIONS');
  });
});

describe('Cache-Control', () => {
  it('is no-store on every /api answer, errors included', async () => {
    const server = app();
    expect((await request(server).get('/api/sessions/1/ledger')).headers['cache-control']).toBe('no-store');
    expect((await request(server).put('/api/login')).headers['cache-control']).toBe('no-store');
  });
});

describe('bodies the parser cannot read', () => {
  it.each([
    [
      'not JSON',
      'text/plain',
      'email=a@b.co',
      415,
      ErrorCodes.unsupportedMediaType,
      ServerMessages.unsupportedMediaType,
    ],
    ['malformed JSON', 'application/json', '{"email":', 400, ErrorCodes.validationFailed, MALFORMED_JSON_MESSAGE],
    [
      'over the limit',
      'application/json',
      JSON.stringify({ email: 'x'.repeat(2048) }),
      413,
      ErrorCodes.payloadTooLarge,
      ServerMessages.payloadTooLarge,
    ],
  ])('%s: refused when the route reads its body', async (_what, type, body, status, code, message) => {
    const res = await request(app()).post('/api/login').set('Content-Type', type).send(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ statusCode: status, code, message });
  });

  it('an empty body reads as {} and a JSON body as itself', async () => {
    const server = app();
    expect((await request(server).post('/api/login')).body.errors[0]).toEqual({
      field: 'email',
      message: 'Email is required',
    });
    const ok = await request(server).post('/api/login').send({ email: 'a@b.co', password: 'x' });
    expect(ok.status).toBe(200);
  });
});

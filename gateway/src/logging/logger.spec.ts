import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createGatewayLogger, requestLogger } from './logger.js';

const TOKEN = 'Zq3kR9xY_resetTokenValue-123';
const CLIENT_SECRET = 'pi_3PqRsT2eZvKYlo2C1abcDEF_secret_9XyZabc123DEF';

function app() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createGatewayLogger('info', destination);
  const server = express();
  server.use((req, _res, next) => {
    (req as typeof req & { correlationId: string }).correlationId = 'c-1';
    next();
  });
  server.use(requestLogger(logger));
  server.use(express.json());
  server.get('/api/real-failure', (_req, res) => {
    // How a middleware hands pino-http the error behind a 5xx.
    (res as typeof res & { err: Error }).err = new Error('the database went away');
    res.status(500).json({ ok: false });
  });
  server.all('/{*path}', (_req, res) => {
    res.status(500).json({ ok: false });
  });
  return { server, logger, text: () => lines.join('') };
}

describe('gateway logs', () => {
  it('log URLs without the values of secret query parameters', async () => {
    const { server, text } = app();
    await request(server).get(`/reset-password?token=${TOKEN}&from=email`);
    await request(server).get(`/checkout/complete?payment_intent=pi_1&payment_intent_client_secret=${CLIENT_SECRET}`);
    const logged = text();
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(CLIENT_SECRET);
    expect(logged).toContain('/reset-password?token=[redacted]&from=[redacted]');
  });

  it("log a calendar feed's request without its token, which is the path", async () => {
    const { server, text } = app();
    const feedToken = 'fEeDtOkEn_0123456789-abcdefghijklmnopqrstuv';
    await request(server).get(`/api/calendar/${feedToken}.ics`);
    const logged = text();
    expect(logged).not.toContain(feedToken);
    expect((JSON.parse(logged.trim()) as { req: { url: string } }).req.url).toBe('/api/calendar/[redacted].ics');
  });

  it("log an admin search without what was searched for: the query's names only", async () => {
    const { server, text } = app();
    await request(server).get('/api/admin/payments?search=alice.smith%40example.com&status=succeeded&page=2');
    await request(server).get('/api/admin/payments?search=Alice+Smith');
    await request(server).get('/api/admin/payments?alice.smith@example.com');
    const logged = text();
    for (const searched of ['alice', 'Alice', 'Smith', 'example.com', 'succeeded'])
      expect(logged).not.toContain(searched);
    const urls = logged
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual([
      '/api/admin/payments?search=[redacted]&status=[redacted]&page=[redacted]',
      '/api/admin/payments?search=[redacted]',
      '/api/admin/payments?[redacted]',
    ]);
  });

  it('log a 5xx without a made-up stack trace, and with the real error when there is one', async () => {
    const { server, text } = app();
    await request(server).get('/api/anything-answered-500');
    await request(server).get('/api/real-failure');
    const [plain, real] = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; res: { statusCode: number }; err?: { message: string } });
    expect(plain).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect(plain).not.toHaveProperty('err');
    expect(text()).not.toContain('failed with status code');
    expect(real?.err).toMatchObject({ message: 'the database went away' });
  });

  it('never log request bodies', async () => {
    const { server, text } = app();
    await request(server).post('/api/reset-password').send({ token: TOKEN, password: 'hunter22-pw' });
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain('hunter22-pw');
    expect(JSON.parse(text().trim().split('\n')[0]!)).toMatchObject({
      req: { method: 'POST', url: '/api/reset-password' },
    });
  });

  it("never log the client's address (personal data)", async () => {
    const { server, text } = app();
    await request(server).get('/api/testimonials').set('X-Forwarded-For', '203.0.113.9').set('User-Agent', 'spec');
    const line = JSON.parse(text().trim().split('\n')[0]!) as { req: Record<string, unknown> };
    expect(Object.keys(line.req).sort()).toEqual(['id', 'method', 'url', 'userAgent']);
    expect(text()).not.toMatch(/127\.0\.0\.1|::1|203\.0\.113\.9/);
  });

  it('censor session cookies and credentials in any line that carries headers, and tokens in messages', () => {
    const { logger, text } = app();
    logger.warn(
      {
        req: { headers: { cookie: 'medtutor.sid=s%3AsessionValue', authorization: 'Bearer eyJhbGciOi' } },
        res: { headers: { 'set-cookie': ['medtutor.sid=s%3AnewSession; HttpOnly'] } },
      },
      `upstream refused /reset-password?token=${TOKEN}`,
    );
    for (const secret of ['sessionValue', 'eyJhbGciOi', 'newSession', TOKEN]) expect(text()).not.toContain(secret);
    expect(JSON.parse(text())).toMatchObject({
      req: { headers: { cookie: '[redacted]', authorization: '[redacted]' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
      msg: 'upstream refused /reset-password?token=[redacted]',
    });
  });

  it('log errors as structured objects, secrets redacted', () => {
    const { logger, text } = app();
    const error = Object.assign(new Error(`Stripe said no for ${CLIENT_SECRET}`), {
      code: 'resource_missing',
      raw: { client_secret: CLIENT_SECRET },
    });
    logger.error({ err: error, correlationId: 'c-2' }, 'unhandled error');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({
      type: 'Error',
      code: 'resource_missing',
      message: 'Stripe said no for [redacted]',
    });
    expect(line.err).not.toHaveProperty('raw');
    expect(text()).not.toContain(CLIENT_SECRET);
  });
});

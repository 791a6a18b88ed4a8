import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { secretSafeLoggerOptions } from './logger.js';
import { redactSecrets } from './redact.js';

const RESET = 'https://medpath.example/reset-password?token=Zq3kR9xY_abc-DEF123';
const CLIENT_SECRET = 'pi_3PqRsT2eZvKYlo2C1abcDEF_secret_9XyZabc123DEF';
const FEED_TOKEN = 'AbC-dEf_0123456789abcdefghijklmnopqrstuvwxy';

/** A logger with the platform's options, and what reached its destination. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'trace', ...secretSafeLoggerOptions() }, stream);
  const text = () => lines.join('');
  return { logger, text, line: () => JSON.parse(text()) as Record<string, unknown> };
}

describe('redactSecrets', () => {
  it("removes a calendar feed's token from its path, in a path and in a full URL", () => {
    const token = 'AbC-dEf_0123456789abcdefghijklmnopqrstuvwxy';
    expect(redactSecrets(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[redacted].ics');
    expect(redactSecrets(`feed https://medpath.example/api/calendar/${token}.ics?x=1 added`)).toBe(
      'feed https://medpath.example/api/calendar/[redacted].ics?x=1 added',
    );
    expect(redactSecrets('/calendar/interviews-support')).toBe('/calendar/interviews-support');
  });

  it('removes secret query parameters and Stripe secrets, and keeps the rest', () => {
    expect(redactSecrets(`link ${RESET}&next=/home`)).toBe(
      'link https://medpath.example/reset-password?token=[redacted]&next=/home',
    );
    expect(
      redactSecrets(
        '/api/payments/return?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=ok',
      ),
    ).toBe('/api/payments/return?payment_intent=pi_1&payment_intent_client_secret=[redacted]&redirect_status=ok');
    expect(redactSecrets(`secret ${CLIENT_SECRET} key sk_live_abc123 hook whsec_xyz`)).toBe(
      'secret [redacted] key [redacted] hook [redacted]',
    );
    expect(redactSecrets('/cb?Code=abc#access_token=def;password=ghi')).toBe(
      '/cb?Code=[redacted]#access_token=[redacted];password=[redacted]',
    );
    expect(redactSecrets('/api/catalog?currency=GBP')).toBe('/api/catalog?currency=GBP');
  });
});

describe('the platform logger', () => {
  it('censors fields named like secrets at the top level and one object down', () => {
    const { logger, text, line } = capture();
    logger.info(
      {
        password: 'hunter22-top',
        user: { password: 'hunter22-nested', confirmPassword: 'hunter22-confirm' },
        payment: { clientSecret: 'cs-nested', id: 'p-1' },
        stripe: { client_secret: 'cs-snake' },
        reply: { recoveryCodes: ['abcde-fghij', 'klmno-pqrst'], secret: 'JBSWY3DPEHPK3PXP' },
      },
      'fields',
    );
    for (const secret of ['hunter22', 'cs-nested', 'cs-snake', 'abcde-fghij', 'JBSWY3DPEHPK3PXP'])
      expect(text()).not.toContain(secret);
    expect(line()).toMatchObject({
      password: '[redacted]',
      user: { password: '[redacted]', confirmPassword: '[redacted]' },
      payment: { clientSecret: '[redacted]', id: 'p-1' },
      stripe: { client_secret: '[redacted]' },
      reply: { recoveryCodes: '[redacted]', secret: '[redacted]' },
      msg: 'fields',
    });
  });

  it('censors cookie, authorization and set-cookie headers wherever a request or response is logged', () => {
    const { logger, line } = capture();
    logger.warn(
      {
        req: { headers: { cookie: 'sid=s%3Aabc', authorization: 'Bearer eyJhbGciOi', 'user-agent': 'spec' } },
        res: { headers: { 'set-cookie': ['sid=s%3Adef; HttpOnly'] } },
      },
      'headers',
    );
    expect(line()).toMatchObject({
      req: { headers: { cookie: '[redacted]', authorization: '[redacted]', 'user-agent': 'spec' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });

  it('redacts tokens in URLs and Stripe secrets in the message and in any field, and the line stays JSON', () => {
    const { logger, text, line } = capture();
    logger.info(
      {
        url: RESET,
        notes: [`see ${CLIENT_SECRET}`],
        deep: { in: { side: { it: CLIENT_SECRET } } },
        feed: `/api/calendar/${FEED_TOKEN}.ics`,
        quoted: 'a "b" \\ c',
      },
      `local mail outbox: "Reset your password" ${RESET} key sk_live_abc123`,
    );
    for (const secret of ['Zq3kR9xY', CLIENT_SECRET, FEED_TOKEN, 'sk_live_abc123'])
      expect(text()).not.toContain(secret);
    expect(line()).toMatchObject({
      msg: 'local mail outbox: "Reset your password" https://medpath.example/reset-password?token=[redacted] key [redacted]',
      url: 'https://medpath.example/reset-password?token=[redacted]',
      notes: ['see [redacted]'],
      deep: { in: { side: { it: '[redacted]' } } },
      feed: '/api/calendar/[redacted].ics',
      quoted: 'a "b" \\ c',
    });
  });

  it('keeps a JSON escape whole when a secret value runs into it', () => {
    const { logger, line } = capture();
    logger.info({ said: '/x?token=abc"then' });
    expect(line()).toMatchObject({ said: '/x?token=[redacted]"then' });
  });

  it('logs errors as type, message, code and stack with their causes, without their other properties', () => {
    const { logger, text, line } = capture();
    const cause = Object.assign(new Error(`Stripe said no for ${CLIENT_SECRET}`), {
      code: 'resource_missing',
      raw: { client_secret: CLIENT_SECRET, body: '{"password":"hunter22"}' },
    });
    const error = Object.assign(new Error(`request to ${RESET} failed`, { cause }), {
      code: 'ECONNRESET',
      config: { data: '{"password":"hunter22"}' },
    });
    logger.error({ err: error }, 'failed');
    const logged = line().err as Record<string, unknown>;
    expect(Object.keys(logged).sort()).toEqual(['cause', 'code', 'message', 'stack', 'type']);
    expect(logged).toMatchObject({
      type: 'Error',
      code: 'ECONNRESET',
      message: 'request to https://medpath.example/reset-password?token=[redacted] failed',
      cause: { type: 'Error', code: 'resource_missing', message: 'Stripe said no for [redacted]' },
    });
    expect(Object.keys(logged.cause as object).sort()).toEqual(['code', 'message', 'stack', 'type']);
    for (const secret of ['hunter22', 'Zq3kR9xY', CLIENT_SECRET]) expect(text()).not.toContain(secret);
  });

  it('leaves ordinary fields, their types and names that only contain a secret word as they are', () => {
    const { logger, line } = capture();
    const fields = {
      correlationId: 'c-1',
      pattern: 'identity.reset_password',
      ms: 12,
      ok: true,
      tokenCount: 3,
      code: 'IDENTITY.RESET_TOKEN_INVALID',
      url: '/api/catalog?currency=GBP',
      nested: { paymentId: 'pi_3PqRsT2eZvKYlo2C1abcDEF', passwordResetRequested: false },
    };
    logger.info(fields, 'rpc ok');
    expect(line()).toMatchObject({ ...fields, msg: 'rpc ok' });
  });

  it('applies to child loggers too', () => {
    const { logger, line } = capture();
    logger.child({ component: 'mail' }).info({ user: { password: 'hunter22' } }, `link ${RESET}`);
    expect(line()).toMatchObject({
      component: 'mail',
      user: { password: '[redacted]' },
      msg: 'link https://medpath.example/reset-password?token=[redacted]',
    });
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { secretSafeLoggerOptions } from './logger.js';
import { redactSecrets } from './redact.js';

const RESET = 'https://medpath.example/reset-password?token=Zq3kR9xY_abc-DEF123';
const CLIENT_SECRET = 'pi_3PqRsT2eZvKYlo2C1abcDEF_secret_9XyZabc123DEF';

function capture(redactMessages: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'trace', ...secretSafeLoggerOptions(redactMessages) }, stream);
  return { logger, text: () => lines.join('') };
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

describe('the service logger', () => {
  it('censors secret fields and secrets inside any field, at any depth', () => {
    const { logger, text } = capture(true);
    logger.info(
      {
        user: { password: 'hunter22', confirmPassword: 'hunter22' },
        token: 'abc',
        payment: { clientSecret: CLIENT_SECRET },
        url: RESET,
        notes: [`see ${CLIENT_SECRET}`],
      },
      'fields',
    );
    const line = text();
    for (const secret of ['hunter22', 'Zq3kR9xY', CLIENT_SECRET, '"abc"']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ user: { password: '[redacted]' }, token: '[redacted]', msg: 'fields' });
  });

  it('logs errors as type, message, code and stack, without their other properties', () => {
    const { logger, text } = capture(true);
    const error = Object.assign(new Error(`request to ${RESET} failed`), {
      code: 'ECONNRESET',
      config: { data: '{"password":"hunter22"}' },
      body: { clientSecret: CLIENT_SECRET },
    });
    logger.error({ err: error }, 'failed');
    const logged = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(Object.keys(logged.err).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(logged.err).toMatchObject({ type: 'Error', code: 'ECONNRESET' });
    expect(text()).not.toContain('hunter22');
    expect(text()).not.toContain('Zq3kR9xY');
  });

  it('redacts messages in production, and leaves local runs their mail-outbox links', () => {
    const production = capture(true);
    production.logger.info(`local mail outbox: "Reset your password" ${RESET}`);
    expect(production.text()).not.toContain('Zq3kR9xY');
    const local = capture(false);
    local.logger.info(`local mail outbox: "Reset your password" ${RESET}`);
    expect(local.text()).toContain(RESET);
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { pino } from 'pino';
import { lastValueFrom, of, throwError } from 'rxjs';
import { secretSafeLoggerOptions } from '../logging/logger.js';
import { RpcLoggingInterceptor } from './rpc-logging.interceptor.js';

const payload = {
  meta: { correlationId: 'corr-1', actor: null },
  data: { token: 'reset-token-value-123', password: 'hunter22-pw', clientSecret: 'pi_1_secret_2' },
};

function run(handler: CallHandler) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'trace', ...secretSafeLoggerOptions() }, stream);
  const context = {
    switchToRpc: () => ({
      getData: () => payload,
      getContext: () => ({ getSubject: () => 'identity.reset_password' }),
    }),
  } as unknown as ExecutionContext;
  const result = lastValueFrom(new RpcLoggingInterceptor(logger).intercept(context, handler));
  return { result, text: () => lines.join('') };
}

describe('RpcLoggingInterceptor', () => {
  it('logs subject, correlation id and timing at debug level, never the payload or the reply', async () => {
    const { result, text } = run({ handle: () => of({ userId: 7, echoed: 'hunter22-pw' }) });
    await result;
    const line = JSON.parse(text()) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: 'rpc ok',
      level: 20,
      pattern: 'identity.reset_password',
      correlationId: 'corr-1',
    });
    for (const secret of ['reset-token-value-123', 'hunter22-pw', 'pi_1_secret_2'])
      expect(text()).not.toContain(secret);
  });

  it('logs a failure by its code only', async () => {
    const failure = { code: 'IDENTITY.RESET_TOKEN_INVALID', message: 'x', details: { token: 'reset-token-value-123' } };
    const { result, text } = run({ handle: () => throwError(() => failure) });
    await expect(result).rejects.toBe(failure);
    expect(JSON.parse(text())).toMatchObject({ msg: 'rpc failed', level: 30, code: 'IDENTITY.RESET_TOKEN_INVALID' });
    expect(text()).not.toContain('reset-token-value-123');
  });
});

import { describe, expect, it } from '@jest/globals';
import { ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { pino } from 'pino';
import { firstValueFrom } from 'rxjs';
import { RpcErrorFilter } from './rpc-error.filter.js';

const filter = new RpcErrorFilter(pino({ level: 'silent' }));
const answerTo = (exception: unknown) => firstValueFrom(filter.catch(exception)).catch((error: unknown) => error);

describe('RpcErrorFilter', () => {
  it('answers a database or broker outage with COMMON.SERVICE_UNAVAILABLE, not an internal error', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    const prismaUnreachable = Object.assign(new Error("Can't reach database server"), { code: 'P1001' });

    for (const outage of [refused, poolTimeout, prismaUnreachable]) {
      expect(await answerTo(outage)).toEqual({
        code: ErrorCodes.serviceUnavailable,
        message: ServerMessages.serviceUnavailable,
      });
    }
  });

  it('keeps any other unknown failure a generic internal error', async () => {
    expect(await answerTo(new TypeError('x is undefined'))).toEqual({
      code: ErrorCodes.internal,
      message: ServerMessages.internal,
    });
  });
});

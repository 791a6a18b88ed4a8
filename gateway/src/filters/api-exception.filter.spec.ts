import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ServerMessages } from '@medtutor/contracts';
import { ApiError, ApiErrors, MALFORMED_JSON_MESSAGE } from './api-error.js';
import { toApiError } from './api-exception.filter.js';

describe('toApiError', () => {
  it('passes ApiErrors through, headers included', () => {
    const error = ApiErrors.rateLimited(42);
    expect(toApiError(error)).toBe(error);
    expect(error.headers).toEqual({ 'Retry-After': '42' });
    expect(error.toBody()).toEqual({
      statusCode: 429,
      code: 'COMMON.RATE_LIMITED',
      message: ServerMessages.rateLimited,
    });
  });

  it('answers malformed JSON with a fixed message instead of echoing the parser', () => {
    const parserError = new BadRequestException('Unexpected token } in JSON at position 9', {
      cause: new SyntaxError('x'),
    });
    expect(toApiError(parserError).toBody()).toEqual({
      statusCode: 400,
      code: 'COMMON.VALIDATION_FAILED',
      message: MALFORMED_JSON_MESSAGE,
    });
  });

  it('maps Nest and Express HTTP errors to contract codes and messages', () => {
    expect(toApiError(new NotFoundException('Cannot GET /api/nope')).toBody()).toEqual({
      statusCode: 404,
      code: 'COMMON.NOT_FOUND',
      message: ServerMessages.notFound,
    });
    expect(toApiError(new PayloadTooLargeException()).code).toBe('COMMON.PAYLOAD_TOO_LARGE');
    expect(toApiError(new HttpException('unsupported charset "UTF-7"', 415)).toBody()).toEqual({
      statusCode: 415,
      code: 'COMMON.VALIDATION_FAILED',
      message: 'unsupported charset "UTF-7"',
    });
  });

  it('hides anything else behind a generic 500', () => {
    const mapped = toApiError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped.toBody()).toEqual({ statusCode: 500, code: 'COMMON.INTERNAL', message: ServerMessages.internal });
    expect(toApiError(new HttpException('boom', 502)).code).toBe('COMMON.INTERNAL');
  });

  it('answers 503 while Redis or the network is away, as ioredis and Node report it', () => {
    const unavailable = {
      statusCode: 503,
      code: 'COMMON.SERVICE_UNAVAILABLE',
      message: ServerMessages.serviceUnavailable,
    };
    const maxRetries = Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
      name: 'MaxRetriesPerRequestError',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    for (const error of [maxRetries, new Error('Connection is closed.'), new Error('Command timed out'), refused]) {
      expect(toApiError(error).toBody()).toEqual(unavailable);
    }
  });
});

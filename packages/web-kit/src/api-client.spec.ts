import { describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import {
  ApiError,
  apiGetOrNullOn401,
  apiRequest,
  apiRequestUnchecked,
  attachmentFileName,
  serverMessage,
} from './api-client.js';
import { mockFetchPerTest } from './testing/fetch.js';

const fetchMock = mockFetchPerTest();

const reply = (status: number, body: string, statusText = '') =>
  fetchMock.mockResolvedValueOnce(new Response(body === '' ? null : body, { status, statusText }));

describe('apiRequest', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    reply(200, JSON.stringify({ id: 1 }));

    const result = await apiRequest('POST', '/api/login', z.object({ id: z.number() }), { email: 'a@b.co' });

    expect(result).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ email: 'a@b.co' }),
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('sends no body and no content type on a GET', async () => {
    reply(200, '{}');

    await apiRequest('GET', '/api/user', z.unknown());

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('accepts an empty success body', async () => {
    reply(204, '');

    await expect(apiRequest('POST', '/api/logout', z.unknown())).resolves.toBeUndefined();
  });

  it('throws "<status>: <body text>" with the parsed body on a non-OK answer', async () => {
    const body = { statusCode: 401, code: 'IDENTITY.INVALID_CREDENTIALS', message: 'Invalid email or password' };
    reply(401, JSON.stringify(body), 'Unauthorized');

    const error = await apiRequest('POST', '/api/login', z.unknown(), {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body, message: `401: ${JSON.stringify(body)}` });
  });

  it('uses the status text when the error body is empty', async () => {
    reply(503, '', 'Service Unavailable');

    await expect(apiRequest('GET', '/api/user', z.unknown())).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps a non-JSON error body as text', async () => {
    reply(502, 'Bad gateway', 'Bad Gateway');

    const error = await apiRequest('GET', '/api/user', z.unknown()).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, body: 'Bad gateway', message: '502: Bad gateway' });
  });

  it('rejects an answer that does not match the schema', async () => {
    reply(200, JSON.stringify({ id: 'x' }));

    await expect(apiRequest('GET', '/api/user', z.object({ id: z.number() }))).rejects.toThrow();
  });
});

describe('apiRequest with a schema loader', () => {
  const UserSchema = z.object({ id: z.number() });

  it('loads the schema alongside the OK answer and checks the answer with it', async () => {
    reply(200, JSON.stringify({ id: 1 }));
    const loadSchema = jest.fn(() => Promise.resolve(UserSchema));

    await expect(apiRequest('GET', '/api/user', loadSchema)).resolves.toEqual({ id: 1 });
    expect(loadSchema).toHaveBeenCalledTimes(1);

    reply(200, JSON.stringify({ id: 'x' }));
    await expect(apiRequest('GET', '/api/user', loadSchema)).rejects.toThrow();
  });

  it('reads the body while the schema is still loading', async () => {
    let finishLoading: (schema: typeof UserSchema) => void = () => undefined;
    const loading = new Promise<typeof UserSchema>((resolve) => {
      finishLoading = resolve;
    });
    const response = new Response(JSON.stringify({ id: 2 }), { status: 200 });
    const readBody = jest.spyOn(response, 'text');
    fetchMock.mockResolvedValueOnce(response);

    const result = apiRequest('GET', '/api/user', () => loading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readBody).toHaveBeenCalled();

    finishLoading(UserSchema);
    await expect(result).resolves.toEqual({ id: 2 });
  });

  it('does not load the schema for a refused call', async () => {
    reply(503, '', 'Service Unavailable');
    const loadSchema = jest.fn(() => Promise.resolve(UserSchema));

    await expect(apiRequest('GET', '/api/user', loadSchema)).rejects.toThrow('503: Service Unavailable');
    expect(loadSchema).not.toHaveBeenCalled();
  });

  it('fails when the schema cannot be loaded', async () => {
    reply(200, JSON.stringify({ id: 1 }));
    const chunkError = new Error('Loading chunk failed');

    await expect(apiRequest('GET', '/api/user', () => Promise.reject(chunkError))).rejects.toBe(chunkError);
  });
});

describe('apiGetOrNullOn401', () => {
  it('answers null on 401', async () => {
    reply(401, JSON.stringify({ statusCode: 401, code: 'COMMON.UNAUTHENTICATED', message: 'Not authenticated' }));

    await expect(apiGetOrNullOn401('/api/user', z.unknown())).resolves.toBeNull();
  });

  it('still throws on other failures', async () => {
    reply(500, 'boom', 'Internal Server Error');

    await expect(apiGetOrNullOn401('/api/user', z.unknown())).rejects.toThrow('500: boom');
  });

  it('answers a visitor null without loading the schema, and checks a user with the loaded one', async () => {
    const loadSchema = jest.fn(() => Promise.resolve(z.object({ id: z.number() })));
    reply(401, '', 'Unauthorized');
    await expect(apiGetOrNullOn401('/api/user', loadSchema)).resolves.toBeNull();
    expect(loadSchema).not.toHaveBeenCalled();

    reply(200, JSON.stringify({ id: 3 }));
    await expect(apiGetOrNullOn401('/api/user', loadSchema)).resolves.toEqual({ id: 3 });
  });
});

describe('apiRequestUnchecked', () => {
  it('answers the body as it came, and fails like apiRequest', async () => {
    reply(200, '{"anything":[1]}');
    await expect(apiRequestUnchecked('GET', '/api/user')).resolves.toEqual({ anything: [1] });
    reply(503, '', 'Service Unavailable');
    await expect(apiRequestUnchecked('GET', '/api/user')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('serverMessage', () => {
  it('reads the message of the gateway error body', () => {
    const error = new ApiError(409, { statusCode: 409, code: 'IDENTITY.EMAIL_TAKEN', message: 'Taken' }, '409: …');
    expect(serverMessage(error)).toBe('Taken');
  });

  it('is undefined without a usable message', () => {
    expect(serverMessage(new ApiError(500, 'oops', '500: oops'))).toBeUndefined();
    expect(serverMessage(new ApiError(400, { message: '  ' }, '400: …'))).toBeUndefined();
    expect(serverMessage(new ApiError(400, { message: 42 }, '400: …'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('attachmentFileName', () => {
  it('reads the quoted file name of an attachment', () => {
    expect(attachmentFileName('attachment; filename="medpath-data-2026-05-04.json"')).toBe(
      'medpath-data-2026-05-04.json',
    );
  });

  it('gives nothing without a header or a file name', () => {
    expect(attachmentFileName(null)).toBeUndefined();
    expect(attachmentFileName('inline')).toBeUndefined();
  });
});

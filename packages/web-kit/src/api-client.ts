import type { z } from 'zod';

/** A non-OK answer. `message` follows docs/product.md §7: `<status>: <body text, or the status text when empty>`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The body parsed as JSON when it is JSON, otherwise its text (undefined when empty). */
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const parseBody = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * A reply's schema, or a loader of it (`() => import('./reply-schemas').then((m) => m.UserDtoSchema)`), so a
 * page that calls the API at start does not carry zod and the schemas in its start-up JavaScript.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** Sends one JSON call with the session cookie; a non-OK answer throws, its body read for the message. */
async function send(method: Method, path: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, parseBody(text), `${response.status}: ${text || response.statusText}`);
  }
  return response;
}

/**
 * One JSON call with the session cookie, answering the body as it came (parsed when it is JSON).
 * Without a schema, so a caller that checks nothing (SWR's default fetcher) does not load zod.
 */
export async function apiRequestUnchecked(method: Method, path: string, body?: unknown): Promise<unknown> {
  const response = await send(method, path, body);
  return parseBody(await response.text());
}

/**
 * One JSON call with the session cookie. The answer is checked against `schema`, so a drifted
 * server contract fails here rather than deep inside a component. A schema loader starts once the
 * answer is OK, alongside reading its body: a refused call (a visitor's 401, a server error) loads no zod.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: SchemaSource<S>,
  body?: unknown,
): Promise<z.output<S>> {
  const response = await send(method, path, body);
  const [checker, text] = await Promise.all([typeof schema === 'function' ? schema() : schema, response.text()]);
  return checker.parse(parseBody(text));
}

/** The reader variant of docs/product.md §7 where 401 means "nobody" rather than an error. */
export async function apiGetOrNullOn401<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
): Promise<z.output<S> | null> {
  try {
    return await apiRequest('GET', path, schema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The server's own explanation (`{ statusCode, code, message }`), when the error carries one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  // Read by hand rather than with the contracts' zod schema: notices are on every page, zod is not.
  const { message } = error.body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function attachmentFileName(header: string | null): string | undefined {
  return header?.match(/filename="([^"]+)"/)?.[1];
}

/**
 * Downloads a GET answer as a file with the session cookie (issue 26: "Download my data"), under the
 * name the server gives or `fallbackName`. The answer is handed to the browser as a Blob and never
 * kept; a non-OK answer throws an ApiError like every other call.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await send('GET', path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

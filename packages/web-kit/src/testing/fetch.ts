import { afterEach, beforeEach, jest } from '@jest/globals';
import { cleanup } from '@testing-library/react';

// A stand-in for the server in the apps' jsdom tests. Test code only: no app's runtime code imports it.

/** A fetch answer as apiRequest reads it (jsdom has no Response: only ok, status and text() are used). */
export const jsonReply = (body: unknown, status = 200): Response =>
  ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;

/**
 * For every test of the calling file: `fetch` replaced by the returned mock (reset before each test, so
 * a test queues its own answers) and put back after it, and the rendered trees cleaned up.
 */
export function mockFetchPerTest(): jest.Mock<typeof fetch> {
  const fetchMock = jest.fn<typeof fetch>();
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = realFetch;
  });
  return fetchMock;
}

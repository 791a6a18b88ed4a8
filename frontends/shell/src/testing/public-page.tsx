import { afterEach, beforeAll, beforeEach, jest } from '@jest/globals';
import { type CatalogDto, catalogDto } from '@medtutor/contracts';
import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import type { Session } from '../features/auth/session-context';
import { SessionContext } from '../features/auth/session-context';

/** antd's responsive grid asks for matchMedia, which jsdom lacks: a query that never matches. */
export function installMatchMedia(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** A fetch answer as apiRequest reads it (jsdom has no Response: only ok, status and text() are used). */
export const jsonReply = (body: unknown, status = 200): Response =>
  ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;

/** What GET /api/catalog answers: catalog-payments' CatalogService.getCatalog() returns the contracts' catalogDto(). */
export const servedCatalog = (): CatalogDto => catalogDto();

/**
 * For every test of the calling file: a fetch answering every request with `answer` (a test may still
 * queue its own answers on the returned mock), and the rendered trees cleaned up after each test.
 */
export function serveFetchPerTest(answer: (input: RequestInfo | URL) => Response): jest.Mock<typeof fetch> {
  const fetchMock = jest.fn<typeof fetch>();
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => Promise.resolve(answer(input)));
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = realFetch;
  });
  return fetchMock;
}

/**
 * For every test of the calling file: matchMedia, and a fetch that answers GET /api/catalog as the
 * server does (anything else 404). Returns the mock, so a test can wait for the catalog request.
 */
export function serveCatalogPerTest(): jest.Mock<typeof fetch> {
  beforeAll(installMatchMedia);
  return serveFetchPerTest((input) =>
    String(input) === '/api/catalog' ? jsonReply(servedCatalog()) : jsonReply({ message: 'Not found' }, 404),
  );
}

/** A visitor who is not signed in; nothing in a public page's first render calls the session's actions. */
const visitor: Session = {
  user: null,
  isLoading: false,
  login: () => Promise.resolve(null),
  completeSignIn: () => Promise.resolve(null),
  register: () => Promise.resolve(null),
  logout: () => Promise.resolve(),
};

/**
 * The contexts a public page needs: a fresh SWR cache per render (so each render asks for the catalog
 * again), a visitor's session and a router at `path`.
 */
export function PublicPageProviders({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionContext value={visitor}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </SessionContext>
    </SWRConfig>
  );
}

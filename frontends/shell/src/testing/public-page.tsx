import { beforeAll, beforeEach, type jest } from '@jest/globals';
import { type CatalogDto, catalogDto } from '@medtutor/contracts';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia } from '@medtutor/web-kit/testing/jsdom';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import type { Session } from '../features/auth/session-context';
import { SessionContext } from '../features/auth/session-context';

// Re-exported, so a public page's spec takes every helper it needs from this one module.
export { installMatchMedia, jsonReply };

/** What GET /api/catalog answers: catalog-payments' CatalogService.getCatalog() returns the contracts' catalogDto(). */
export const servedCatalog = (): CatalogDto => catalogDto();

/**
 * For every test of the calling file: a fetch answering every request with `answer` (a test may still
 * queue its own answers on the returned mock), and the rendered trees cleaned up after each test.
 */
export function serveFetchPerTest(answer: (input: RequestInfo | URL) => Response): jest.Mock<typeof fetch> {
  const fetchMock = mockFetchPerTest();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => Promise.resolve(answer(input)));
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
  accountDeleted: () => Promise.resolve(),
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

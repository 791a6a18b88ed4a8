/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';

// The social profiles are build-time variables, which jest does not supply.
jest.mock('../../config/social', () => ({ socialLinks: [] }));
const { SessionContext } = jest.requireActual<typeof import('../../features/auth/session-context')>(
  '../../features/auth/session-context',
);
const { sessionWith } = jest.requireActual<typeof import('../../testing/session')>('../../testing/session');
const { SiteLayout } = jest.requireActual<typeof import('./site-layout')>('./site-layout');

afterEach(cleanup);

describe('SiteLayout', () => {
  it('puts the page between the header and the footer, with a skip link to it', () => {
    render(
      <SessionContext value={sessionWith()}>
        <MemoryRouter initialEntries={['/about']}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route path="/about" element={<h1>About Us</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SessionContext>,
    );
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(main.textContent).toBe('About Us');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('banner').compareDocumentPosition(main)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(main.compareDocumentPosition(screen.getByRole('contentinfo'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});

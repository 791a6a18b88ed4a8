/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Fixtures, type UserDto } from '@medtutor/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { jsonReply } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import TutorPortalApp from './tutor-portal-app';

// The portal and antd load lazily, as in the browser: the first render imports them on a busy machine.
jest.setTimeout(30_000);

const tutor: UserDto = { ...Fixtures.userDto, firstName: 'Morgan', lastName: 'Ellis', role: 'tutor' };
const admin: UserDto = { ...Fixtures.userDto, role: 'admin', isAdmin: true };

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
  // The portal's lists: nothing assigned yet, no timesheets.
  globalThis.fetch = jest.fn<typeof fetch>(async () => jsonReply([]));
});
afterEach(cleanup);

const renderPortal = (user: UserDto, onLogout = jest.fn(async () => undefined)) => {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <TutorPortalApp user={user} onLogout={onLogout} />
    </SWRConfig>,
  );
  return onLogout;
};

describe('admin/TutorPortal', () => {
  it('shows a tutor their portal under its own header', async () => {
    renderPortal(tutor);
    expect(screen.getByRole('heading', { level: 1, name: 'Tutor Portal' })).not.toBeNull();
    expect(screen.getByText('Signed in as Morgan Ellis')).not.toBeNull();
    expect(await screen.findByText('No students are assigned to you yet.', {}, { timeout: 15_000 })).not.toBeNull();
  });

  it('logs out through the shell', async () => {
    const onLogout = renderPortal(tutor);
    await screen.findByText('No students are assigned to you yet.', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' }).hasAttribute('disabled')).toBe(false));
  });

  it('refuses anyone but a tutor', async () => {
    renderPortal(admin);
    expect(await screen.findByText('You do not have access to this page.', {}, { timeout: 15_000 })).not.toBeNull();
    expect(screen.queryByText('My students')).toBeNull();
  });
});

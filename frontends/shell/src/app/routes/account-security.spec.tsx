/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Session } from '../../features/auth/session-context';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../testing/public-page';
import { AtPath, admin, sessionWith, student } from '../../testing/session';
import { AccountSecurityRoute } from './account-security';

installMatchMedia();
// The two-factor section loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
const fetchMock = serveFetchPerTest(() => jsonReply({ enabled: true, required: false }));

async function renderFor(session: Session) {
  await act(async () => {
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <AtPath path="/account/security" session={session}>
          <AccountSecurityRoute />
        </AtPath>
      </SWRConfig>,
    );
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('AccountSecurityRoute', () => {
  it('waits for the session', async () => {
    await renderFor(sessionWith({ isLoading: true }));
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor to sign in and back here', async () => {
    await renderFor(sessionWith());
    expect(location()).toBe('/auth?redirect=%2Faccount%2Fsecurity');
  });

  it('shows a student the section too: a second factor is their choice (issue 24)', async () => {
    await renderFor(sessionWith({ user: student }));
    expect(location()).toBe('/account/security');
    expect(await screen.findByRole('button', { name: 'Turn off two-factor authentication' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Tutoring' }).getAttribute('href')).toBe('/my-tutoring');
  });

  it('shows an admin the two-factor section and the way back to their dashboard', async () => {
    await renderFor(sessionWith({ user: admin }));
    expect(screen.getByRole('heading', { level: 1, name: 'Account security' })).toBeTruthy();
    expect(
      await screen.findByText('Two-factor authentication is on. You will be asked for a code at every sign-in.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' }).getAttribute('href')).toBe('/admin-dashboard');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/2fa');
  });
});

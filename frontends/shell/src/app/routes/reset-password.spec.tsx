/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../testing/public-page';
import { AtPath } from '../../testing/session';
import { ResetPasswordRoute } from './reset-password';

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
serveFetchPerTest(() => jsonReply({ message: 'ok' }));

function renderAt(path: string) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AtPath path={path}>
        <ResetPasswordRoute />
      </AtPath>
    </SWRConfig>,
  );
}

describe('ResetPasswordRoute', () => {
  it("offers the new-password form for the link's token", () => {
    renderAt('/reset-password?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();
    expect(screen.getByText('Choose a new password of at least 6 characters.')).toBeTruthy();
    expect(screen.getByLabelText('New password', { selector: 'input' })).toBeTruthy();
    expect(document.title).toBe('Reset Your Password | MedPath Tutors');
  });

  it('explains an incomplete link and leads to a new request', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is incomplete. Please request a new one.')).toBeTruthy();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(screen.getByTestId('location').textContent).toBe('/auth');
  });
});

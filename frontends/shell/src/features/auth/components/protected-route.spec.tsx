/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@medtutor/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import type { Session } from '../session-context';
import { AtPath, admin, sessionWith, student } from '../../../testing/session';
import { ProtectedRoute } from './protected-route';

afterEach(cleanup);

function renderStudentArea(session: Session, path = '/my-tutoring?tab=hours') {
  render(
    <AtPath path={path} route="/my-tutoring" session={session}>
      <ProtectedRoute area="student">{(user: UserDto) => <p>Dashboard of {user.username}</p>}</ProtectedRoute>
    </AtPath>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('ProtectedRoute', () => {
  it('checks the session under a spinner before deciding anything', () => {
    renderStudentArea(sessionWith({ isLoading: true }));
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeTruthy();
    expect(screen.queryByText(/Dashboard of/)).toBeNull();
    expect(location()).toBe('/my-tutoring?tab=hours');
  });

  it('sends a visitor to sign in, to come back to this very page', () => {
    renderStudentArea(sessionWith());
    expect(location()).toBe('/auth?redirect=%2Fmy-tutoring%3Ftab%3Dhours');
    expect(screen.queryByText(/Dashboard of/)).toBeNull();
  });

  it('shows the page to a user of its area, with that user', () => {
    renderStudentArea(sessionWith({ user: student }));
    expect(screen.getByText('Dashboard of amelia')).toBeTruthy();
    expect(location()).toBe('/my-tutoring?tab=hours');
  });

  it('sends a user of another area to their own dashboard', () => {
    renderStudentArea(sessionWith({ user: admin }));
    expect(location()).toBe('/admin-dashboard');
    expect(screen.queryByText(/Dashboard of/)).toBeNull();
  });
});

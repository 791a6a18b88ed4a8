/** @jest-environment jsdom */
import '../../testing/text-encoding';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Session } from '../../features/auth/session-context';

// The build supplies the public origin, and the API and notices are stood in for.
jest.mock('../../config/origin', () => ({ publicOrigin: 'https://medpath.example' }));
const noticeError = jest.fn();
jest.mock('@medtutor/web-kit', () => ({
  apiRequest: jest.fn(),
  useNotices: () => ({ success: jest.fn(), error: noticeError }),
}));

/** The antd chunks of /auth stand in as plain components; the dialog's download finishes when a test says so. */
function gatedDownload() {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const gate = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { gate, finish: () => act(async () => finish()), fail: (error: Error) => act(async () => fail(error)) };
}
const dialogDownload = gatedDownload();
const dialogLoads = jest.fn();
jest.mock('./forgot-password-chunk', () => ({
  loadForgotPasswordDialog: async () => {
    dialogLoads();
    await dialogDownload.gate;
    return {
      ForgotPasswordDialog: ({ open, onClose }: { open: boolean; onClose: () => void }) =>
        open ? (
          <div role="dialog" aria-label="Forgot Password">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        ) : null,
    };
  },
}));
jest.mock('../../features/auth/components/required-two-factor-enrolment', () => ({
  RequiredTwoFactorEnrolment: () => <p>Enrolment</p>,
}));

const { MemoryRouter, Route, Routes, useLocation } = jest.requireActual<typeof import('react-router')>('react-router');
const { SessionContext } = jest.requireActual<typeof import('../../features/auth/session-context')>(
  '../../features/auth/session-context',
);
const { AuthRoute } = jest.requireActual<typeof import('./auth')>('./auth');

/** /auth, with every other path saying where the visitor arrived. */
function renderAuth(session: Partial<Session> = {}, path = '/auth') {
  const visitor = { user: null, isLoading: false, login: jest.fn(), completeSignIn: jest.fn(), ...session };
  function Arrived() {
    return <p>Arrived at {useLocation().pathname}</p>;
  }
  return render(
    <SessionContext value={visitor as unknown as Session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthRoute />} />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    </SessionContext>,
  );
}

const forgotButton = () => screen.getByRole('button', { name: 'Forgot your password?' });

afterEach(cleanup);

describe('/auth', () => {
  it('offers Login and Register tabs in a card, Login first', () => {
    renderAuth();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to MedPath Tutors' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('tabpanel', { name: 'Register' })).toBeTruthy();
  });

  it('starts downloading the forgot-password dialog when the pointer reaches its button, not before', async () => {
    renderAuth();
    expect(dialogLoads).not.toHaveBeenCalled();
    fireEvent.pointerEnter(forgotButton());
    await waitFor(() => expect(dialogLoads).toHaveBeenCalled());
    expect(forgotButton().getAttribute('aria-busy')).toBeNull();
  });

  it('"Forgot your password?" is busy while the dialog downloads, then opens it; a reopen is instant', async () => {
    renderAuth();
    fireEvent.click(forgotButton());
    expect(forgotButton().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await dialogDownload.finish();
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeTruthy();
    expect(forgotButton().getAttribute('aria-busy')).toBeNull();

    const loads = dialogLoads.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(forgotButton());
    expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeTruthy();
    expect(dialogLoads).toHaveBeenCalledTimes(loads);
  });

  it('an admin or tutor who must enrol gets the enrolment, loaded only then', async () => {
    const answer: LoginSecondFactorReply = { secondFactor: 'enrol' };
    const login = jest.fn<Session['login']>().mockResolvedValue(answer);
    renderAuth({ login });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Login' })));

    expect(await screen.findByText('Enrolment')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('a signed-in user continues to where they were going', async () => {
    const user = { id: 1, username: 'ada', email: 'ada@example.com', role: 'student' } as unknown as UserDto;
    const login = jest.fn<Session['login']>().mockResolvedValue(user);
    renderAuth({ login }, '/auth?redirect=%2Fmy-tutoring%2Fsessions');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Login' })));
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(await screen.findByText('Arrived at /my-tutoring/sessions')).toBeTruthy();
  });
});

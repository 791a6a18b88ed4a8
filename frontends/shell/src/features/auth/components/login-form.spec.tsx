/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type LoginSecondFactorReply, type UserDto, ValidationMessages } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Session } from '../session-context';

// web-kit's index brings its notice viewport's CSS, which jest does not read; the form only reaches
// the API through the session, which each test stands in for.
jest.mock('@medtutor/web-kit', () => ({ apiRequest: jest.fn() }));
const { SessionContext } = jest.requireActual<typeof import('../session-context')>('../session-context');
const { LoginForm } = jest.requireActual<typeof import('./login-form')>('./login-form');

const user = { id: 7, username: 'ada', email: 'ada@example.com', role: 'student' } as unknown as UserDto;

function renderLogin(login: Session['login']) {
  const handlers = { onSignedIn: jest.fn(), onSecondFactor: jest.fn(), onForgotPassword: jest.fn() };
  const session = { login } as unknown as Session;
  render(
    <SessionContext value={session}>
      <LoginForm {...handlers} />
    </SessionContext>,
  );
  return handlers;
}

const loginButton = () => screen.getByRole('button', { name: 'Login' });

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  await act(async () => fireEvent.click(loginButton()));
}

afterEach(cleanup);

describe('LoginForm', () => {
  it('shows the contracts messages under the empty fields and sends nothing', async () => {
    const login = jest.fn<Session['login']>();
    renderLogin(login);
    await act(async () => fireEvent.click(loginButton()));

    expect(await screen.findByText(ValidationMessages.emailRequired)).toBeTruthy();
    expect(screen.getByText(ValidationMessages.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed email and hands over the user', async () => {
    const login = jest.fn<Session['login']>().mockResolvedValue(user);
    const { onSignedIn, onSecondFactor } = renderLogin(login);
    await fillAndSubmit(' ada@example.com ', 'secret');

    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(onSignedIn).toHaveBeenCalledWith(user);
    expect(onSecondFactor).not.toHaveBeenCalled();
  });

  it("continues with the second factor the login's answer asks for", async () => {
    const answer: LoginSecondFactorReply = { secondFactor: 'verify' };
    const { onSignedIn, onSecondFactor } = renderLogin(jest.fn<Session['login']>().mockResolvedValue(answer));
    await fillAndSubmit('tutor@example.com', 'secret');

    expect(onSecondFactor).toHaveBeenCalledWith('verify');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('is busy while the login runs, and can be pressed again after a refused attempt', async () => {
    let refuse: (answer: null) => void = () => undefined;
    const login = jest
      .fn<Session['login']>()
      .mockImplementationOnce(() => new Promise((resolve) => (refuse = resolve)))
      .mockResolvedValueOnce(user);
    const { onSignedIn } = renderLogin(login);
    await fillAndSubmit('ada@example.com', 'old-password');
    expect(loginButton().getAttribute('aria-busy')).toBe('true');

    // A second press while busy sends nothing more.
    await act(async () => fireEvent.click(loginButton()));
    expect(login).toHaveBeenCalledTimes(1);

    // The session provider shows "Login failed" and answers null.
    await act(async () => refuse(null));
    expect(loginButton().getAttribute('aria-busy')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();

    await fillAndSubmit('ada@example.com', 'new-password');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(login).toHaveBeenLastCalledWith({ email: 'ada@example.com', password: 'new-password' });
  });

  it('offers the forgotten-password dialog, prefetched when the pointer or focus reaches its button', () => {
    const onForgotPasswordIntent = jest.fn();
    const onForgotPassword = jest.fn();
    render(
      <SessionContext value={{ login: jest.fn() } as unknown as Session}>
        <LoginForm
          onSignedIn={jest.fn()}
          onSecondFactor={jest.fn()}
          onForgotPassword={onForgotPassword}
          onForgotPasswordIntent={onForgotPasswordIntent}
        />
      </SessionContext>,
    );
    const forgot = screen.getByRole('button', { name: 'Forgot your password?' });
    fireEvent.pointerEnter(forgot);
    fireEvent.focus(forgot);
    expect(onForgotPasswordIntent).toHaveBeenCalledTimes(2);
    fireEvent.click(forgot);
    expect(onForgotPassword).toHaveBeenCalledTimes(1);
  });
});

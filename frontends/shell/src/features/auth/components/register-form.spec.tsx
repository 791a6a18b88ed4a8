/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type UserDto, ValidationMessages } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Session } from '../session-context';

// The form reaches the API only through the session stood in for.
jest.unstable_mockModule('@medtutor/web-kit', () => ({ apiRequest: jest.fn() }));
const { SessionContext } = await import('../session-context');
const { RegisterForm } = await import('./register-form');

const user = { id: 8, username: 'grace', email: 'grace@example.com', role: 'student' } as unknown as UserDto;

function renderRegister(register: Session['register']) {
  const onRegistered = jest.fn();
  render(
    <SessionContext value={{ register } as unknown as Session}>
      <RegisterForm onRegistered={onRegistered} />
    </SessionContext>,
  );
  return onRegistered;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const createAccount = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' })));

afterEach(cleanup);

describe('RegisterForm', () => {
  it('marks the optional fields, not the required ones', () => {
    renderRegister(jest.fn<Session['register']>());
    expect(screen.getByText('First name').textContent).toBe('First name(optional)');
    expect(screen.getByText('Phone').textContent).toBe('Phone(optional)');
    expect(screen.getByLabelText('Username').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-required')).toBeNull();
  });

  it('shows the messages antd showed for the untouched required fields and sends nothing', async () => {
    const register = jest.fn<Session['register']>();
    renderRegister(register);
    await createAccount();

    expect(screen.getByText(ValidationMessages.usernameRequired)).toBeTruthy();
    expect(screen.getByText(ValidationMessages.emailRequired)).toBeTruthy();
    expect(screen.getByText(ValidationMessages.passwordRequired)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, in the server wording', async () => {
    renderRegister(jest.fn<Session['register']>());
    type('Password', 'abc');
    await act(async () => fireEvent.blur(screen.getByLabelText('Password', { selector: 'input' })));
    expect(screen.getByText(ValidationMessages.passwordMin)).toBeTruthy();
  });

  it('registers with the optional fields left out, then hands over the user', async () => {
    const register = jest.fn<Session['register']>().mockResolvedValue(user);
    const onRegistered = renderRegister(register);
    type('Username', ' grace ');
    type('Email', 'grace@example.com');
    type('Password', 'first-secret-1');
    await createAccount();

    expect(register).toHaveBeenCalledWith({
      username: 'grace',
      email: 'grace@example.com',
      password: 'first-secret-1',
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
    });
    expect(onRegistered).toHaveBeenCalledWith(user);
  });

  it('stays on the form, ready for another try, when the registration is refused', async () => {
    const register = jest.fn<Session['register']>().mockResolvedValue(null);
    const onRegistered = renderRegister(register);
    type('Username', 'grace');
    type('Email', 'grace@example.com');
    type('Password', 'first-secret-1');
    await createAccount();

    expect(onRegistered).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Account' }).getAttribute('aria-busy')).toBeNull();
  });
});

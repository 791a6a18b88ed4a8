/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AgeMessages, type UserDto, ValidationMessages, ukDateOf } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Session } from '../session-context';

// The form reaches the API only through the session stood in for.
jest.mock('@medtutor/web-kit', () => ({ apiRequest: jest.fn() }));
const { SessionContext } = jest.requireActual<typeof import('../session-context')>('../session-context');
const { RegisterForm } = jest.requireActual<typeof import('./register-form')>('./register-form');

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

/** A date of birth `years` years ago today (UK date). */
const bornYearsAgo = (years: number) =>
  `${Number(ukDateOf(new Date()).slice(0, 4)) - years}${ukDateOf(new Date()).slice(4)}`;

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
    expect(screen.getByText(AgeMessages.dateOfBirthRequired)).toBeTruthy();
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
    type('Date of birth', '2000-02-29');
    await createAccount();

    expect(register).toHaveBeenCalledWith({
      username: 'grace',
      email: 'grace@example.com',
      password: 'first-secret-1',
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
      dateOfBirth: '2000-02-29',
      guardianName: undefined,
      guardianEmail: undefined,
    });
    expect(onRegistered).toHaveBeenCalledWith(user);
  });

  it('refuses an under-13 with the message, before anything is sent', async () => {
    const register = jest.fn<Session['register']>();
    renderRegister(register);
    type('Date of birth', bornYearsAgo(12));
    await createAccount();
    expect(screen.getByText(AgeMessages.tooYoung)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it("asks a 13–17-year-old for a guardian's name and email, and sends them", async () => {
    const register = jest.fn<Session['register']>().mockResolvedValue(user);
    renderRegister(register);
    expect(screen.queryByLabelText("Parent or guardian's name")).toBeNull();
    type('Username', 'grace');
    type('Email', 'grace@example.com');
    type('Password', 'first-secret-1');
    type('Date of birth', bornYearsAgo(15));
    expect(screen.getByRole('group', { name: 'Your parent or guardian' })).toBeTruthy();
    await createAccount();
    expect(screen.getByText(AgeMessages.guardianNameRequired)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();

    type("Parent or guardian's name", 'Pat Lee');
    type("Parent or guardian's email", 'pat@example.com');
    await createAccount();
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        dateOfBirth: bornYearsAgo(15),
        guardianName: 'Pat Lee',
        guardianEmail: 'pat@example.com',
      }),
    );
  });

  it('stays on the form, ready for another try, when the registration is refused', async () => {
    const register = jest.fn<Session['register']>().mockResolvedValue(null);
    const onRegistered = renderRegister(register);
    type('Username', 'grace');
    type('Email', 'grace@example.com');
    type('Password', 'first-secret-1');
    type('Date of birth', '2000-01-01');
    await createAccount();

    expect(onRegistered).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Account' }).getAttribute('aria-busy')).toBeNull();
  });
});

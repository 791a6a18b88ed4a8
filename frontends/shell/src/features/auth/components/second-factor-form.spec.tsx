/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Notices, TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

// The API call and the notices are stood in for.
const noticeError = jest.fn();
jest.mock('@medtutor/web-kit', () => ({
  apiRequest: jest.fn(),
  useNotices: () => ({ success: jest.fn(), error: noticeError }),
}));
const verifySecondFactor = jest.fn<(code: string) => Promise<UserDto>>();
jest.mock('../api/two-factor', () => ({ verifySecondFactor }));
const { SecondFactorForm } = jest.requireActual<typeof import('./second-factor-form')>('./second-factor-form');

const user = { id: 9, username: 'tutor', email: 'tutor@example.com', role: 'tutor' } as unknown as UserDto;

const codeField = () => screen.getByLabelText(TwoFactorTexts.codeLabel);
const verify = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: TwoFactorTexts.verifyButton })));

afterEach(() => {
  cleanup();
  noticeError.mockReset();
  verifySecondFactor.mockReset();
});

describe('SecondFactorForm', () => {
  it('asks for the code with its help, focused at once', () => {
    render(<SecondFactorForm onVerified={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 2, name: TwoFactorTexts.verifyTitle })).toBeTruthy();
    expect(screen.getByText(TwoFactorTexts.codeHelp)).toBeTruthy();
    expect(document.activeElement).toBe(codeField());
  });

  it('refuses an empty or malformed code without asking the server', async () => {
    render(<SecondFactorForm onVerified={jest.fn()} />);
    await verify();
    expect(screen.getByText(TwoFactorTexts.codeRequired)).toBeTruthy();
    expect(verifySecondFactor).not.toHaveBeenCalled();
  });

  it('verifies the trimmed code and hands over the signed-in user', async () => {
    verifySecondFactor.mockResolvedValue(user);
    const onVerified = jest.fn();
    render(<SecondFactorForm onVerified={onVerified} />);
    fireEvent.change(codeField(), { target: { value: ' 123456 ' } });
    await verify();

    expect(verifySecondFactor).toHaveBeenCalledWith('123456');
    expect(onVerified).toHaveBeenCalledWith(user);
  });

  it('says the login failed when the code is refused, and can be sent again', async () => {
    const refusal = new Error('Invalid code');
    verifySecondFactor.mockRejectedValue(refusal);
    const onVerified = jest.fn();
    render(<SecondFactorForm onVerified={onVerified} />);
    fireEvent.change(codeField(), { target: { value: '654321' } });
    await verify();

    expect(noticeError).toHaveBeenCalledWith(Notices.auth.loginFailed, refusal);
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: TwoFactorTexts.verifyButton }).getAttribute('aria-busy')).toBeNull();
  });
});

/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { AntdProviders } from '../../../app/antd-providers';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { AtPath } from '../../../testing/session';
import { ResetPasswordForm } from './reset-password-form';

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
const fetchMock = serveFetchPerTest(() => jsonReply({ message: 'Password reset successfully' }));
closeNoticesAfterEach();

function renderForm() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AtPath path="/reset-password?token=abc123">
        <AntdProviders>
          <ResetPasswordForm token="abc123" />
        </AntdProviders>
      </AtPath>
      <NoticeViewport />
    </SWRConfig>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' })));

describe('ResetPasswordForm', () => {
  it('asks for a password of 6 characters and its confirmation, and sends nothing', async () => {
    renderForm();
    await submit();

    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Password confirmation is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the confirmation does not match', async () => {
    renderForm();
    type('New password', 'abcdef');
    type('Confirm new password', 'abcdeg');
    await submit();

    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token with the new password, says so, and goes to sign-in', async () => {
    renderForm();
    type('New password', 'new-secret-9');
    type('Confirm new password', 'new-secret-9');
    await submit();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/reset-password');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'abc123',
      password: 'new-secret-9',
      confirmPassword: 'new-secret-9',
    });
    expect(await findNotice('Password Reset Successful')).toEqual({
      role: 'status',
      text: 'Password Reset SuccessfulYour password has been updated. Redirecting you to login...',
    });
    expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'), { timeout: 3000 });
  });

  it("shows the server's reason when the link has expired, and stays on the form", async () => {
    fetchMock.mockResolvedValueOnce(jsonReply({ statusCode: 400, message: 'Invalid or expired reset token' }, 400));
    renderForm();
    type('New password', 'new-secret-9');
    type('Confirm new password', 'new-secret-9');
    await submit();

    expect(await findNotice('Reset Failed')).toEqual({
      role: 'alert',
      text: 'Reset FailedInvalid or expired reset token',
    });
    expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/reset-password?token=abc123');
  });
});

/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { ForgotPasswordDialog } from './forgot-password-dialog';

installMatchMedia();
// The first dialog to open loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
const fetchMock = serveFetchPerTest(() => jsonReply({ message: 'If an account exists, a reset link has been sent' }));
closeNoticesAfterEach();

function renderDialog(open = true) {
  const onClose = jest.fn<() => void>();
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ForgotPasswordDialog open={open} onClose={onClose} />
      <NoticeViewport />
    </SWRConfig>,
  );
  return onClose;
}

const dialog = () => screen.getByRole('dialog', { name: 'Forgot Password' });
const typeEmail = (value: string) => fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value } });
const send = () => act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send Reset Link' })));

describe('ForgotPasswordDialog', () => {
  it('is not shown while closed', () => {
    renderDialog(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains itself and asks for an email before sending anything', async () => {
    renderDialog();
    expect(dialog().textContent).toContain(
      'Enter the email address of your account and we will send you a link to choose a new password.',
    );
    await send();
    expect(await within(dialog()).findByText('Email is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an email', async () => {
    renderDialog();
    typeEmail('amelia.example.com');
    await send();
    expect(await within(dialog()).findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed email, says a link is on its way whoever it belongs to, and closes', async () => {
    const onClose = renderDialog();
    typeEmail(' amelia@example.com ');
    await send();

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'amelia@example.com' });
    expect(await findNotice('Reset Link Sent')).toEqual({
      role: 'status',
      text: 'Reset Link SentIf an account exists with that email, a password reset link has been sent.',
    });
  });

  it('keeps the dialog open with a notice when the request fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply({}, 500));
    const onClose = renderDialog();
    typeEmail('amelia@example.com');
    await send();

    expect(await findNotice('Request Failed')).toEqual({
      role: 'alert',
      text: 'Request FailedFailed to send reset email. Please try again.',
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('closes from its close button', () => {
    const onClose = renderDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

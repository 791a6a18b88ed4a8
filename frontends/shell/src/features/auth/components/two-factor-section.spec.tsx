/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { TwoFactorSection } from './two-factor-section';

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
closeNoticesAfterEach();

const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/MedPath:grace',
  qrCodeDataUrl: 'data:image/png;base64,AAA',
};
const recoveryCodes = ['abcde-fghij', 'klmno-pqrst'];

/** The server: 2FA off until enabled; setup and enable answer as identity does. */
let enabled = false;
const fetchMock = serveFetchPerTest((input) => {
  switch (String(input)) {
    case '/api/auth/2fa':
      return jsonReply({ enabled });
    case '/api/auth/2fa/setup':
      return jsonReply(setup);
    case '/api/auth/2fa/enable':
      enabled = true;
      return jsonReply({ recoveryCodes });
    default:
      return jsonReply({ message: 'Not found' }, 404);
  }
});

function renderSection(isOn: boolean) {
  enabled = isOn;
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TwoFactorSection />
      <NoticeViewport />
    </SWRConfig>,
  );
}

const section = () =>
  screen.getByRole('heading', { level: 2, name: 'Two-factor authentication' }).closest('.ant-card') as HTMLElement;
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('TwoFactorSection', () => {
  it('says so when two-factor authentication is already on', async () => {
    renderSection(true);
    expect(
      await within(section()).findByText(
        'Two-factor authentication is on. You will be asked for a code at every sign-in.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor authentication' })).toBeNull();
  });

  it('enrols: the key and QR code, a code to confirm, then the recovery codes once', async () => {
    renderSection(false);
    expect(await screen.findByText('Add a second step to your sign-in with an authenticator app.')).toBeTruthy();
    await click('Set up two-factor authentication');

    expect((await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toBe(
      setup.qrCodeDataUrl,
    );
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: ' 123456 ' } });
    await click('Confirm and turn on');

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    const enableCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/2fa/enable');
    expect(JSON.parse(String(enableCall?.[1]?.body))).toEqual({ code: '123456' });
    expect(await findNotice('Two-factor authentication enabled')).toEqual({
      role: 'status',
      text: 'Two-factor authentication enabledTwo-factor authentication is on. You will be asked for a code at every sign-in.',
    });

    // Continue waits for the codes to be saved, then the section asks the server again.
    const proceed = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await click('Continue');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(within(section()).getByText(/Two-factor authentication is on/)).toBeTruthy();
  });

  it("asks for the code before confirming, and refuses one of the wrong shape, in the contracts' words", async () => {
    renderSection(false);
    await screen.findByRole('button', { name: 'Set up two-factor authentication' });
    await click('Set up two-factor authentication');
    await screen.findByLabelText('Authentication code');
    await click('Confirm and turn on');
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '12345' } });
    await click('Confirm and turn on');
    expect(await screen.findByText('Invalid authentication code')).toBeTruthy();
    expect(screen.queryByText('Enter the code from your authenticator app')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/2fa/enable')).toBe(false);
  });

  it("keeps the form and shows the server's reason when the code is wrong", async () => {
    renderSection(false);
    await screen.findByRole('button', { name: 'Set up two-factor authentication' });
    await click('Set up two-factor authentication');
    await screen.findByLabelText('Authentication code');
    fetchMock.mockResolvedValueOnce(jsonReply({ statusCode: 401, message: 'Invalid authentication code' }, 401));
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '654321' } });
    await click('Confirm and turn on');

    expect(await findNotice('Error')).toEqual({ role: 'alert', text: 'ErrorInvalid authentication code' });
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });
});

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
let required = false;
const newCodes = ['uvwxy-z2345', 'abcde-23456'];
const fetchMock = serveFetchPerTest((input) => {
  switch (String(input)) {
    case '/api/auth/2fa':
      return jsonReply({ enabled, required });
    case '/api/auth/2fa/re-enrol':
      return jsonReply({ ...setup, secret: 'NEWSECRETNEWSECRET' });
    case '/api/auth/2fa/re-enrol/confirm':
    case '/api/auth/2fa/recovery-codes':
      return jsonReply({ recoveryCodes: newCodes });
    case '/api/auth/2fa/disable':
      enabled = false;
      return jsonReply({ enabled: false });
    case '/api/auth/2fa/setup':
      return jsonReply(setup);
    case '/api/auth/2fa/enable':
      enabled = true;
      return jsonReply({ recoveryCodes });
    default:
      return jsonReply({ message: 'Not found' }, 404);
  }
});

function renderSection(isOn: boolean, isRequired = false) {
  enabled = isOn;
  required = isRequired;
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

const bodyOf = (path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([input]) => String(input) === path)?.[1]?.body)) as unknown;

/** Fills the password and current-code form and continues. */
async function prove(password: string, code: string) {
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Current code'), { target: { value: code } });
  await click('Continue');
}

describe('TwoFactorSection when it is on', () => {
  it('offers a new authenticator, new recovery codes and turning it off; only the first two where it is required', async () => {
    renderSection(true, true);
    expect(await screen.findByText('Your account must keep two-factor authentication on.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a new authenticator' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor authentication' })).toBeNull();
  });

  it('moves to a new authenticator: password and current code, the new key, its code, then new recovery codes', async () => {
    renderSection(true);
    await screen.findByRole('button', { name: 'Use a new authenticator' });
    await click('Use a new authenticator');
    await prove('my-pass-word', 'abcde-fghij');
    expect(bodyOf('/api/auth/2fa/re-enrol')).toEqual({ password: 'my-pass-word', code: 'abcde-fghij' });

    expect((await screen.findByTestId('totp-secret')).textContent).toContain('NEWSECRETNEWSECRET');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '246810' } });
    await click('Confirm the new authenticator');
    expect(bodyOf('/api/auth/2fa/re-enrol/confirm')).toEqual({ code: '246810' });

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(newCodes);
    expect(await findNotice('New authenticator confirmed')).toMatchObject({ role: 'status' });
  });

  it('asks for the password and the code before anything is sent', async () => {
    renderSection(true);
    await screen.findByRole('button', { name: 'New recovery codes' });
    await click('New recovery codes');
    await screen.findByLabelText('Current password');
    await click('Continue');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/2fa/recovery-codes')).toBe(false);
  });

  it('turns it off where it is not required, then offers the setup again', async () => {
    renderSection(true);
    await screen.findByRole('button', { name: 'Turn off two-factor authentication' });
    await click('Turn off two-factor authentication');
    await prove('my-pass-word', '135790');
    expect(bodyOf('/api/auth/2fa/disable')).toEqual({ password: 'my-pass-word', code: '135790' });
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });

  it("keeps the form and shows the server's reason when the password or code is wrong", async () => {
    renderSection(true);
    await screen.findByRole('button', { name: 'New recovery codes' });
    await click('New recovery codes');
    fetchMock.mockResolvedValueOnce(
      jsonReply({ statusCode: 401, message: 'Wrong password or authentication code' }, 401),
    );
    await prove('wrong-pass-word', '135790');
    expect(await findNotice('Error')).toEqual({ role: 'alert', text: 'ErrorWrong password or authentication code' });
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});

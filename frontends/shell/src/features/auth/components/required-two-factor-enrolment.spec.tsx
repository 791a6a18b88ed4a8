/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { RequiredTwoFactorEnrolment } from './required-two-factor-enrolment';

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
serveFetchPerTest((input) =>
  String(input) === '/api/auth/2fa/setup'
    ? jsonReply({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrCodeDataUrl: 'data:image/png;base64,AAA',
      })
    : jsonReply({ recoveryCodes: ['abcde-fghij'] }),
);

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('RequiredTwoFactorEnrolment', () => {
  it('says the account must enrol, and hands over only once the recovery codes are saved', async () => {
    const onDone = jest.fn<() => void>();
    render(<RequiredTwoFactorEnrolment onDone={onDone} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Your account must set up two-factor authentication before you continue.',
    );

    await click('Set up two-factor authentication');
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    await click('Confirm and turn on');
    await screen.findByRole('list', { name: 'Recovery codes' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

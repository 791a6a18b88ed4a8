/** @jest-environment jsdom */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SecondFactorLifecycleTexts, SecondFactorMessages } from '@medtutor/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { NoticeViewport } from '@medtutor/web-kit';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns } from '@medtutor/web-kit/testing/jsdom';
import { App, ConfigProvider } from 'antd';
import { ResetSecondFactorButton } from './reset-second-factor-button';

/** The Tutors tab's "Reset 2FA" (issue 24): confirmed first, then the admin route, then a notice. */

const fetchMock = mockFetchPerTest();
jest.setTimeout(30_000);

beforeAll(installAntdStandIns);

const renderButton = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <ResetSecondFactorButton userId={42} name="Tess Factor" />
        <NoticeViewport />
      </App>
    </ConfigProvider>,
  );

describe('ResetSecondFactorButton', () => {
  it('asks first, then resets the account and says what happens next', async () => {
    fetchMock.mockResolvedValue(
      jsonReply({ userId: 42, resetAt: '2026-11-28T08:00:00.000Z', message: SecondFactorMessages.resetDone }),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor authentication of Tess Factor' }));
    expect(await screen.findByText(SecondFactorLifecycleTexts.adminResetDescription)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: SecondFactorLifecycleTexts.adminResetButton }));
    expect(await screen.findByText(SecondFactorMessages.resetDone)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/users/42/two-factor/reset');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it("shows the server's reason when the reset is refused", async () => {
    fetchMock.mockResolvedValue(jsonReply({ statusCode: 403, message: SecondFactorMessages.ownReset }, 403));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor authentication of Tess Factor' }));
    await screen.findByText(SecondFactorLifecycleTexts.adminResetDescription);
    fireEvent.click(screen.getByRole('button', { name: SecondFactorLifecycleTexts.adminResetButton }));
    expect(await screen.findByText(SecondFactorMessages.ownReset)).toBeTruthy();
    expect(screen.getByText(SecondFactorLifecycleTexts.adminResetFailedTitle)).toBeTruthy();
  });
});

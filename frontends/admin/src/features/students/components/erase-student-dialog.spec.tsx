/** @jest-environment jsdom */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type AdminUserWithPackagesDto, ErasureMessages, ErasureTexts } from '@medtutor/contracts';
import { NoticeViewport } from '@medtutor/web-kit';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns } from '@medtutor/web-kit/testing/jsdom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { EraseStudentDialog } from './erase-student-dialog';

/** The Students tab's "Erase" (issue 26): a reason is required, then the admin route, a notice and the list again. */

const fetchMock = mockFetchPerTest();
jest.setTimeout(30_000);
beforeAll(installAntdStandIns);

const student: AdminUserWithPackagesDto = {
  id: 42,
  username: 'sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Lee',
  phone: null,
  freeTrialUsed: false,
  role: 'student',
  isAdmin: false,
  consent: { state: 'adult', consentGivenAt: null },
  sessions: [],
} as AdminUserWithPackagesDto;

const renderDialog = (onClose = jest.fn()) => {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <EraseStudentDialog user={student} onClose={onClose} />
        <NoticeViewport />
      </App>
    </ConfigProvider>,
  );
  return onClose;
};

describe('EraseStudentDialog', () => {
  it('asks for the reason before anything is sent', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: ErasureTexts.adminConfirmButton }));
    expect(await screen.findByText(ErasureMessages.reasonRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('erases with the reason, says so and closes', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonReply({ userId: 42, erasedAt: '2026-12-01T10:00:00.000Z', message: ErasureMessages.adminErased }),
    );
    fetchMock.mockResolvedValue(jsonReply([]));
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText(ErasureTexts.adminReasonLabel), {
      target: { value: 'Email from the student, verified by phone' },
    });
    fireEvent.click(screen.getByRole('button', { name: ErasureTexts.adminConfirmButton }));
    expect(await screen.findByText(ErasureMessages.adminErased)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/users/42/erase');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      reason: 'Email from the student, verified by phone',
    });
  });
});

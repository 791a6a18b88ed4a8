/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { ErasureMessages, ErasureTexts, SecondFactorMessages, TwoFactorTexts } from '@medtutor/contracts';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeleteAccountCard } from './delete-account-card';

const fetchMock = mockFetchPerTest();
const erased = { userId: 7, erasedAt: '2026-12-01T10:00:00.000Z', message: ErasureMessages.erased };

const openAndType = (password: string) => {
  fireEvent.click(screen.getByRole('button', { name: ErasureTexts.deleteButton }));
  fireEvent.change(screen.getByLabelText(ErasureTexts.passwordLabel, { exact: false }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: ErasureTexts.confirmButton }));
};
const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;

describe('Delete my account', () => {
  it('says what goes and what is kept, then deletes with the password and hands over to the shell', async () => {
    const onDeleted = jest.fn(() => Promise.resolve());
    render(<DeleteAccountCard onDeleted={onDeleted} />);
    expect(screen.getByText(ErasureTexts.cardKept)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(jsonReply(erased));
    openAndType('my-password');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/me/erase');
    expect(sentBody(0)).toEqual({ password: 'my-password' });
  });

  it("shows identity's refusal, and asks for the code when two-factor authentication is on", async () => {
    const onDeleted = jest.fn(() => Promise.resolve());
    render(<DeleteAccountCard onDeleted={onDeleted} />);
    fetchMock.mockResolvedValueOnce(jsonReply({ message: TwoFactorTexts.codeRequired }, 400));
    openAndType('my-password');
    expect(await screen.findByText(TwoFactorTexts.codeRequired)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(ErasureTexts.codeLabel, { exact: false }), { target: { value: '123456' } });
    fetchMock.mockResolvedValueOnce(jsonReply({ message: SecondFactorMessages.changeRefused }, 401));
    fireEvent.click(screen.getByRole('button', { name: ErasureTexts.confirmButton }));
    expect(await screen.findByText(SecondFactorMessages.changeRefused)).toBeTruthy();
    expect(sentBody(1)).toEqual({ password: 'my-password', code: '123456' });
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { Fixtures, type PaymentConflictsDto } from '@medtutor/contracts';
import { act, render, screen } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { SWRConfig } from 'swr';
import { PaymentConflictsAlert } from './payment-conflicts-alert';

const fetchMock = mockFetchPerTest();

const showing = (reply: PaymentConflictsDto) => {
  fetchMock.mockResolvedValueOnce(jsonReply(reply));
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PaymentConflictsAlert />
    </SWRConfig>,
  );
};

describe('PaymentConflictsAlert', () => {
  it('lists each conflicted payment with its student, amount, code and time', async () => {
    showing(Fixtures.paymentConflicts);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 payment was taken with a discount code already used');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Ada Lovelace, ada@example.com paid £160.00 with WELCOME30 on 25 Nov 2026, 10:05']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/payments/conflicts');
  });

  it('shows nothing when there is no conflict', async () => {
    const { container } = showing({ total: 0, conflicts: [] });

    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the reply has arrived and rendered
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toBe('');
  });
});

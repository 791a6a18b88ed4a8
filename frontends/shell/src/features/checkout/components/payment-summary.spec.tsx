/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import type { PaymentDto, PaymentStatus } from '@medtutor/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { PaymentSummary } from './payment-summary';

const paymentId = '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f';
const payment = (status: PaymentStatus): PaymentDto => ({
  paymentId,
  status,
  provider: 'stripe',
  subject: 'Medical School Support',
  packageName: '10-Session Package',
  hours: 10,
  currency: 'USD',
  amount: 58420,
  formattedPrice: '$584.20',
  discountCode: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  paidAt: status === 'succeeded' ? '2026-11-25T10:00:05.000Z' : null,
});

const fetchMock = serveFetchPerTest(() => jsonReply(payment('succeeded')));

/** The details as term → description text. */
const details = () =>
  [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('PaymentSummary', () => {
  it('shows a spinner while it asks for the payment', () => {
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    render(<PaymentSummary paymentId={paymentId} />);
    expect(screen.getByRole('status', { name: 'Loading your purchase' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/payments/${paymentId}`);
  });

  it('lists what was bought, without a message, once the payment succeeded', async () => {
    render(<PaymentSummary paymentId={paymentId} />);
    await screen.findByText('10-Session Package');
    expect(details()).toEqual([
      ['Package', '10-Session Package'],
      ['Subject', 'Medical School Support'],
      ['Hours', '10 hours'],
      ['Amount', '$584.20'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the payment did not go through when it failed', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(payment('failed')));
    render(<PaymentSummary paymentId={paymentId} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This payment did not go through. No package was added; please try again from the pricing page.',
    );
  });

  it('says it is being confirmed while the payment settles, and asks again until it has', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(payment('pending')));
    render(<PaymentSummary paymentId={paymentId} />);
    const note = await screen.findByText('Your payment is being confirmed…');
    expect(note.closest('[role="status"]')?.textContent).toBe('Your payment is being confirmed…');

    // The next answer (2 s later) is the succeeded payment.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(details()[3]).toEqual(['Amount', '$584.20']);
  });

  it('points to My Tutoring when the payment cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply({ message: 'Not found' }, 404));
    render(<PaymentSummary paymentId={paymentId} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load the details of your purchase just now. You will find your package in My Tutoring.',
    );
  });
});

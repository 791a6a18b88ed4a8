/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { jsonReply, serveFetchPerTest } from '../../testing/public-page';
import { AtPath } from '../../testing/session';
import { PaymentSuccessRoute } from './payment-success';

const paymentId = '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f';
const fetchMock = serveFetchPerTest(() =>
  jsonReply({
    paymentId,
    status: 'succeeded',
    provider: 'demo',
    subject: 'Medical School Support',
    packageName: 'Single Session',
    hours: 1,
    currency: 'GBP',
    amount: 5000,
    formattedPrice: '£50.00',
    discountCode: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    paidAt: '2026-11-25T10:00:05.000Z',
  }),
);

function renderAt(path: string) {
  render(
    <AtPath path={path}>
      <PaymentSuccessRoute />
    </AtPath>,
  );
}

describe('PaymentSuccessRoute', () => {
  it('thanks the buyer and shows the purchase of the paymentId in the link', async () => {
    renderAt(`/payment-success?paymentId=${paymentId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(
      screen.getByText(
        'Thank you for your purchase. Our team will contact you within 24 hours to schedule your sessions.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('£50.00')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/payments/${paymentId}`);
  });

  it('asks for nothing without a paymentId', () => {
    renderAt('/payment-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leads to My Tutoring', () => {
    renderAt('/payment-success');
    fireEvent.click(screen.getByRole('link', { name: 'Go to My Tutoring' }));
    expect(screen.getByTestId('location').textContent).toBe('/my-tutoring');
  });
});

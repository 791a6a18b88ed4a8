/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AtPath } from '../../../testing/session';
import { PaymentErrorScreen } from './payment-error-screen';

afterEach(cleanup);

describe('PaymentErrorScreen', () => {
  it('announces the reason under a page heading', () => {
    render(
      <AtPath path="/checkout">
        <PaymentErrorScreen title="Payment Error" message="Payment failed. Please try again." />
      </AtPath>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Payment failed. Please try again.');
  });

  it('adds the detail as its own paragraph when there is one', () => {
    render(
      <AtPath path="/checkout">
        <PaymentErrorScreen
          title="Payment Error"
          message="No package selected."
          detail="Choose one on the home page."
        />
      </AtPath>,
    );
    const paragraphs = [...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['No package selected.', 'Choose one on the home page.']);
  });

  it('takes the buyer home from Return Home', () => {
    render(
      <AtPath path="/checkout">
        <PaymentErrorScreen title="Payment Error" message="Payment failed." />
      </AtPath>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Return Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

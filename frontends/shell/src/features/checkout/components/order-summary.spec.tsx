/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { descriptionRows } from '../../../testing/antd';
import { paymentIntent } from '../../../testing/payment-intent';
import { installMatchMedia } from '../../../testing/public-page';
import { OrderSummary } from './order-summary';

beforeAll(installMatchMedia);
afterEach(cleanup);

const intent = paymentIntent({ provider: 'stripe', publishableKey: 'pk_test_abc', clientSecret: 'pi_1_secret_2' });

const summary = () =>
  screen.getByRole('heading', { level: 2, name: 'Order summary' }).closest('.ant-card') as HTMLElement;

describe('OrderSummary', () => {
  it("lists the package, subject, hours and the server's total", () => {
    render(<OrderSummary intent={intent} />);
    expect(descriptionRows(summary())).toEqual([
      ['Package', '5-Session Package'],
      ['Subject', 'Medical School Interviews'],
      ['Hours', '5 hours'],
      ['Total', '£190.00'],
    ]);
    expect(summary().querySelector('del')).toBeNull();
  });

  it('says 1 hour for a single session', () => {
    render(
      <OrderSummary intent={{ ...intent, packageType: 'singleSession', packageName: 'Single Session', hours: 1 }} />,
    );
    expect(descriptionRows(summary())[2]).toEqual(['Hours', '1 hour']);
  });

  it('shows an applied code and strikes the list price through, saying which is which to screen readers', () => {
    render(
      <OrderSummary
        intent={{
          ...intent,
          amount: 16000,
          formattedPrice: '£160.00',
          discountApplied: true,
          discountCode: 'WELCOME30',
          discountAmount: 3000,
        }}
      />,
    );
    expect(descriptionRows(summary())).toEqual([
      ['Package', '5-Session Package'],
      ['Subject', 'Medical School Interviews'],
      ['Hours', '5 hours'],
      ['Discount code', 'WELCOME30'],
      ['Total', 'Was £190.00Now £160.00'],
    ]);
    expect(summary().querySelector('del')?.textContent).toBe('Was £190.00');
  });
});

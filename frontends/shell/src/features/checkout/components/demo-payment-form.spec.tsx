/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { paymentIntent } from '../../../testing/payment-intent';
import { installMatchMedia, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { DemoPaymentForm } from './demo-payment-form';

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
closeNoticesAfterEach();
const fetchMock = serveFetchPerTest(() => jsonReply({ status: 'succeeded', message: null }));

const intent = paymentIntent();

function renderForm(termsAccepted = true) {
  const props = {
    beforeSubmit: jest.fn(() => termsAccepted),
    onPaid: jest.fn<() => void>(),
    onFailed: jest.fn<() => void>(),
  };
  render(
    <>
      <DemoPaymentForm intent={intent} {...props} />
      <NoticeViewport />
    </>,
  );
  return props;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pay = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay £190.00' })));
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

async function payWith(cardNumber: string) {
  type('Card number', cardNumber);
  type('Expiry (MM/YY)', '12/49');
  type('CVC', '123');
  await pay();
}

describe('DemoPaymentForm', () => {
  it('says it is a demo and lists the three test cards with what each does', () => {
    renderForm();
    expect(screen.getByText('Demo payment — no real card is charged')).toBeTruthy();
    expect([...document.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '4242 4242 4242 4242: the payment succeeds',
      '4000 0000 0000 0002: the card is declined',
      '4000 0025 0000 3155: the bank asks you to authenticate the payment',
    ]);
  });

  it('asks for each card field in words and sends nothing', async () => {
    renderForm();
    await pay();
    expect(await screen.findByText('Enter the card number')).toBeTruthy();
    expect(screen.getByText('Enter a future expiry date as MM/YY')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an expiry in the past and a card number with letters', async () => {
    renderForm();
    type('Card number', '4242 4242 abcd 4242');
    type('Expiry (MM/YY)', '01/20');
    type('CVC', '12');
    await pay();
    expect(await screen.findByText('Enter the card number')).toBeTruthy();
    expect(screen.getByText('Enter a future expiry date as MM/YY')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not pay when the page's own check says no", async () => {
    const { beforeSubmit, onPaid } = renderForm(false);
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(beforeSubmit).toHaveBeenCalledTimes(1));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('sends the card number with the payment and reports it paid', async () => {
    const { onPaid, onFailed } = renderForm();
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/payments/demo/confirm');
    expect(sentBodies()).toEqual([
      { paymentId: intent.paymentId, clientSecret: 'demo_secret_1', cardNumber: '4242 4242 4242 4242' },
    ]);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("falls back to the contracts' wording when a declined payment comes without a reason", async () => {
    fetchMock.mockResolvedValueOnce(jsonReply({ status: 'failed', message: null }));
    const { onPaid, onFailed } = renderForm();
    await payWith('4000 0000 0000 0002');
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(await findNotice('Payment failed')).toEqual({
      role: 'alert',
      text: 'Payment failedYour card was declined.',
    });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('asks the bank question when the card needs authentication, and pays once approved', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonReply({ status: 'requires_action', message: null }))
      .mockResolvedValueOnce(jsonReply({ status: 'succeeded', message: null }));
    const { onPaid } = renderForm();
    await payWith('4000 0025 0000 3155');

    const section = await screen.findByRole('region', { name: 'Authenticate your payment' });
    expect(section.querySelector('p')?.textContent).toBe(
      'Your bank asks you to confirm this payment of £190.00. In the demo, choose what the bank answers.',
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(sentBodies()[1]).toEqual({
      paymentId: intent.paymentId,
      clientSecret: 'demo_secret_1',
      cardNumber: '4000 0025 0000 3155',
      authentication: 'approve',
    });
  });

  it('reports the payment failed when the bank refuses the authentication', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonReply({ status: 'requires_action', message: null }))
      .mockResolvedValueOnce(jsonReply({ status: 'failed', message: 'Authentication failed.' }));
    const { onFailed } = renderForm();
    await payWith('4000 0025 0000 3155');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Fail' })));

    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(sentBodies()[1]).toMatchObject({ authentication: 'fail' });
    expect((await findNotice('Payment failed')).text).toBe('Payment failedAuthentication failed.');
    expect(screen.queryByRole('region', { name: 'Authenticate your payment' })).toBeNull();
  });

  it('keeps the card form for another try when the request itself fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply({ message: 'Payment not found' }, 404));
    const { onPaid, onFailed } = renderForm();
    await payWith('4242 4242 4242 4242');

    expect((await findNotice('Payment failed')).text).toBe('Payment failedPayment not found');
    expect(onPaid).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });
});

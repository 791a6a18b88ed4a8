/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Notices } from '@medtutor/contracts';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { paymentIntent } from '../../../testing/payment-intent';
import { installMatchMedia } from '../../../testing/public-page';

type Handler = (payload?: unknown) => void;
type ConfirmResult = { error?: { type: string; message?: string }; paymentIntent?: { status: string } };

/**
 * Stripe.js as @stripe/react-stripe-js drives it, mocked at the module boundary (loadStripe): the
 * real Elements and PaymentElement create, mount and listen to this element, and the test fires its
 * events ('ready', 'loaderror') as Stripe's iframe would.
 */
class FakeElement {
  private readonly handlers = new Map<string, Set<Handler>>();
  readonly mount = jest.fn();
  readonly update = jest.fn();
  readonly destroy = jest.fn();
  on(event: string, handler: Handler) {
    this.handlers.set(event, (this.handlers.get(event) ?? new Set()).add(handler));
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

let element = new FakeElement();
const elementsInstance = {
  create: jest.fn((_type: string, _options?: unknown) => element),
  update: jest.fn(),
  submit: jest.fn<() => Promise<{ error?: { type: string; message?: string } }>>(),
};
const fakeStripe = {
  elements: jest.fn((_options: unknown) => elementsInstance),
  confirmPayment: jest.fn<(options: unknown) => Promise<ConfirmResult>>(),
  createToken: jest.fn(),
  createPaymentMethod: jest.fn(),
  confirmCardPayment: jest.fn(),
  registerAppInfo: jest.fn(),
  _registerWrapper: jest.fn(),
};
const loadStripe = jest.fn((key: string) =>
  key === 'pk_test_unreachable' ? Promise.reject(new Error('Failed to load Stripe.js')) : Promise.resolve(fakeStripe),
);
jest.mock('@stripe/stripe-js', () => ({ loadStripe }));
const { default: StripePaymentForm } =
  jest.requireActual<typeof import('./stripe-payment-form')>('./stripe-payment-form');

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
closeNoticesAfterEach();

const intent = paymentIntent({ provider: 'stripe', clientSecret: 'pi_123_secret_456', publishableKey: 'pk_test_1' });

beforeEach(() => {
  element = new FakeElement();
  jest.clearAllMocks();
  elementsInstance.submit.mockResolvedValue({});
});

async function renderForm({ termsAccepted = true, publishableKey = 'pk_test_1' } = {}) {
  const props = {
    beforeSubmit: jest.fn(() => termsAccepted),
    onPaid: jest.fn<() => void>(),
    onStripeUnavailable: jest.fn<() => void>(),
  };
  await act(async () => {
    render(
      <>
        <StripePaymentForm intent={intent} publishableKey={publishableKey} {...props} />
        <NoticeViewport />
      </>,
    );
  });
  return props;
}

/** The form once Stripe's Payment Element says it is ready, as it does when its iframe has loaded. */
async function renderReadyForm(options?: Parameters<typeof renderForm>[0]) {
  const props = await renderForm(options);
  await waitFor(() => expect(element.mount).toHaveBeenCalled());
  act(() => element.emit('ready', { elementType: 'payment' }));
  return props;
}

const payButton = () => screen.getByRole('button', { name: /Pay £190\.00/ });
const pay = () => act(async () => fireEvent.click(payButton()));

describe('StripePaymentForm', () => {
  it("mounts Stripe's Payment Element for the intent's client secret, with the price on the button", async () => {
    await renderForm();
    await waitFor(() => expect(element.mount).toHaveBeenCalledTimes(1));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(fakeStripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_123_secret_456' }));
    expect(elementsInstance.create).toHaveBeenCalledWith('payment', expect.anything());
    expect(screen.getByRole('form', { name: 'Card payment' })).toBeInstanceOf(HTMLFormElement);
    expect(payButton()).toBeInstanceOf(HTMLButtonElement);
  });

  it('confirms the payment with those elements, returning to /payment-success for this payment, and reports it paid', async () => {
    fakeStripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { onPaid } = await renderReadyForm();
    await pay();
    expect(fakeStripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(fakeStripe.confirmPayment).toHaveBeenCalledWith({
      elements: elementsInstance,
      confirmParams: { return_url: `${window.location.origin}/payment-success?paymentId=${intent.paymentId}` },
      redirect: 'if_required',
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('treats a payment the bank is still processing as paid (the webhook settles it)', async () => {
    fakeStripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    const { onPaid } = await renderReadyForm();
    await pay();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it("shows Stripe's own message under 'Form Error' when its check of the fields fails, and confirms nothing", async () => {
    elementsInstance.submit.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const { onPaid } = await renderReadyForm();
    await pay();
    const notice = await findNotice(Notices.payment.formErrorTitle);
    expect(notice.role).toBe('alert');
    expect(notice.text).toContain('Your card number is incomplete.');
    expect(fakeStripe.confirmPayment).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
    // The form takes the corrected card: the next try is confirmed.
    elementsInstance.submit.mockResolvedValue({});
    fakeStripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    await pay();
    expect(fakeStripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['card_error', 'Your card was declined.'],
    ['validation_error', 'Your card number is incomplete.'],
  ])("shows Stripe's own message for a %s, under 'Payment failed'", async (type, message) => {
    fakeStripe.confirmPayment.mockResolvedValue({ error: { type, message } });
    const { onPaid } = await renderReadyForm();
    await pay();
    const notice = await findNotice(Notices.payment.paymentFailedTitle);
    expect(notice.role).toBe('alert');
    expect(notice.text).toContain(message);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it.each<[string, ConfirmResult | Error]>([
    ['an API error (its message is not for the buyer)', { error: { type: 'api_error', message: 'Internal error' } }],
    ['an intent left needing another card', { paymentIntent: { status: 'requires_payment_method' } }],
    ['Stripe.js throwing', new Error('network')],
  ])('shows the unexpected-error text for %s', async (_case, outcome) => {
    if (outcome instanceof Error) fakeStripe.confirmPayment.mockRejectedValue(outcome);
    else fakeStripe.confirmPayment.mockResolvedValue(outcome);
    const { onPaid } = await renderReadyForm();
    await pay();
    const notice = await findNotice(Notices.payment.paymentFailedTitle);
    expect(notice.text).toContain(Notices.payment.unexpected);
    expect(notice.text).not.toContain('Internal error');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows it is paying and takes no second submission until Stripe answers', async () => {
    let answer: (result: ConfirmResult) => void = () => undefined;
    fakeStripe.confirmPayment.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { onPaid } = await renderReadyForm();
    await pay();
    expect(payButton().className).toContain('ant-btn-loading');
    await pay();
    // Enter in Stripe's iframe submits the form without the button.
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Card payment' })));
    expect(fakeStripe.confirmPayment).toHaveBeenCalledTimes(1);

    await act(async () => answer({ paymentIntent: { status: 'succeeded' } }));
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(payButton().className).not.toContain('ant-btn-loading');
  });

  it('asks the buyer to wait while the Payment Element is not ready, and confirms nothing', async () => {
    await renderForm();
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    await pay();
    const notice = await findNotice(Notices.payment.paymentErrorTitle);
    expect(notice.text).toContain(Notices.payment.paymentSystemNotReady);
    expect(fakeStripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("confirms nothing when the page's own check (the terms) says no", async () => {
    const { beforeSubmit } = await renderReadyForm({ termsAccepted: false });
    await pay();
    expect(beforeSubmit).toHaveBeenCalledTimes(1);
    expect(fakeStripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('says so in the form and in a notice when the Payment Element fails to load', async () => {
    await renderForm();
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    act(() => element.emit('loaderror', { elementType: 'payment', error: { type: 'invalid_request_error' } }));
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(form.querySelector('[role="alert"]')?.textContent).toContain(Notices.payment.formLoadFailed);
    const notice = await findNotice(Notices.payment.formLoadFailedTitle);
    expect(notice.text).toContain(Notices.payment.formLoadFailed);
  });

  it('tells the page when Stripe.js itself cannot be loaded', async () => {
    const { onStripeUnavailable } = await renderForm({ publishableKey: 'pk_test_unreachable' });
    await waitFor(() => expect(onStripeUnavailable).toHaveBeenCalledTimes(1));
    expect(fakeStripe.confirmPayment).not.toHaveBeenCalled();
  });
});

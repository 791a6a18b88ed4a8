/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

// The gateway writes the support address into every page; the checkout's failure text names it.
document.head.innerHTML = `<meta name="medtutor-settings" content='{"supportEmail":"help@medpath.example"}'>`;
const { NoticeViewport } = jest.requireActual<typeof import('@medtutor/web-kit')>('@medtutor/web-kit');
const { closeNoticesAfterEach, findNotice } =
  jest.requireActual<typeof import('../../../testing/notices')>('../../../testing/notices');
const { installMatchMedia, jsonReply, serveFetchPerTest } =
  jest.requireActual<typeof import('../../../testing/public-page')>('../../../testing/public-page');
const { AtPath, sessionWith, student } =
  jest.requireActual<typeof import('../../../testing/session')>('../../../testing/session');
const { CheckoutPage } = jest.requireActual<typeof import('./checkout-page')>('./checkout-page');
const { paymentIntent } = jest.requireActual<typeof import('../../../testing/payment-intent')>(
  '../../../testing/payment-intent',
);
const { ConsentMessages, ErrorCodes } = jest.requireActual<typeof import('@medtutor/contracts')>('@medtutor/contracts');

installMatchMedia();
// The first render loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
closeNoticesAfterEach();

const intent = paymentIntent();
const withCode = paymentIntent({
  paymentId: '0b5b7d3e-6a0f-4c4a-9d54-2f4d2c7f9a11',
  amount: 16000,
  formattedPrice: '£160.00',
  discountApplied: true,
  discountCode: 'WELCOME30',
  discountAmount: 3000,
});

const fetchMock = serveFetchPerTest(() => jsonReply(intent));
const bodiesSentTo = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === path).map(([, init]) => JSON.parse(String(init?.body)));

const query = 'subject=Medical+School+Interviews&packageType=package5&currency=GBP';

function renderCheckout(search = query, session = sessionWith({ user: student })) {
  render(
    <>
      <AtPath path={`/checkout?${search}`} route="/checkout" session={session}>
        <CheckoutPage />
      </AtPath>
      <NoticeViewport />
    </>,
  );
}

const payButton = () => screen.findByRole('button', { name: /^Pay / });
const acceptTerms = () =>
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillCard = (number: string) => {
  type('Card number', number);
  type('Expiry (MM/YY)', '12/49');
  type('CVC', '123');
};
const location = () => screen.getByTestId('location').textContent;

describe('CheckoutPage', () => {
  it('refuses a link for something not on sale', () => {
    renderCheckout('subject=Biology&packageType=package5');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid session parameters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor to sign in and back to this very checkout', async () => {
    renderCheckout(`${query}&discountCode=welcome30`, sessionWith());
    await waitFor(() =>
      expect(location()).toBe(
        '/auth?redirect=%2Fcheckout%3Fsubject%3DMedical%2BSchool%2BInterviews%26packageType%3Dpackage5%26currency%3DGBP%26discountCode%3DWELCOME30',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for the session before asking for a payment', () => {
    renderCheckout(query, sessionWith({ isLoading: true }));
    expect(screen.getByRole('status').textContent).toBe('Preparing your secure payment…');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(location()).toBe(`/checkout?${query}`);
  });

  it("asks for the payment of the link's purchase and shows the server's order with the card form", async () => {
    renderCheckout();
    expect(await payButton()).toBeTruthy();
    expect(bodiesSentTo('/api/create-payment-intent')).toEqual([
      { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' },
    ]);
    expect(screen.getByTestId('checkout-total').textContent).toBe('£190.00');
    expect((await payButton()).textContent).toBe('Pay £190.00');
    expect(screen.getByRole('heading', { name: 'Payment details' })).toBeTruthy();
  });

  it("explains a failure to set up the payment with the support address and the server's reason", async () => {
    fetchMock.mockResolvedValue(jsonReply({ statusCode: 503, message: 'Payments are unavailable' }, 503));
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Error' })).toBeTruthy();
    expect([...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Failed to initialize payment system. Please contact support at help@medpath.example',
      'Payments are unavailable',
    ]);
  });

  it('says so when the server answers something that is not a payment', async () => {
    fetchMock.mockResolvedValue(jsonReply({ paymentId: 'nope' }));
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid response from payment server');
  });

  it("sells without a link's code the server refuses, and says why under the field", async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonReply(
          { statusCode: 409, code: 'PAYMENTS.DISCOUNT_CODE_USED', message: 'This code has already been used' },
          409,
        ),
      )
      .mockResolvedValueOnce(jsonReply(intent));
    renderCheckout(`${query}&discountCode=welcome30`);

    await payButton();
    expect(bodiesSentTo('/api/create-payment-intent')).toEqual([
      { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP', discountCode: 'WELCOME30' },
      { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' },
    ]);
    expect(screen.getByText('This code has already been used')).toBeTruthy();
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
  });

  it('applies a typed code through a new payment at its price, and removes it again', async () => {
    renderCheckout();
    await payButton();
    fetchMock.mockResolvedValueOnce(jsonReply(withCode));
    type('Discount code', ' welcome30');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));

    expect(await screen.findByText('WELCOME30', { selector: 'strong' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('Was £190.00Now £160.00');
    expect((await payButton()).textContent).toBe('Pay £160.00');
    expect(bodiesSentTo('/api/create-payment-intent')[1]).toEqual({
      subject: 'Medical School Interviews',
      packageType: 'package5',
      currency: 'GBP',
      discountCode: 'WELCOME30',
    });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('£190.00'), { timeout: 3000 });
    expect(bodiesSentTo('/api/create-payment-intent')[2]).toEqual({
      subject: 'Medical School Interviews',
      packageType: 'package5',
      currency: 'GBP',
    });
  });

  it('does not pay before the terms are accepted', async () => {
    renderCheckout();
    await payButton();
    fillCard('4242 4242 4242 4242');
    await act(async () => fireEvent.click(await payButton()));

    expect(await findNotice('Terms Required')).toEqual({
      role: 'alert',
      text: 'Terms RequiredPlease accept the Terms and Conditions to continue.',
    });
    expect(bodiesSentTo('/api/payments/demo/confirm')).toEqual([]);
  });

  it('pays, thanks the buyer and goes on to the success page', async () => {
    renderCheckout();
    await payButton();
    fetchMock.mockResolvedValueOnce(jsonReply({ status: 'succeeded', message: null }));
    acceptTerms();
    fillCard('4242 4242 4242 4242');
    await act(async () => fireEvent.click(await payButton()));

    expect(await findNotice('Payment Successful!')).toEqual({
      role: 'status',
      text: 'Payment Successful!Thank you for your purchase. Redirecting...',
    });
    expect(bodiesSentTo('/api/payments/demo/confirm')).toEqual([
      { paymentId: intent.paymentId, clientSecret: 'demo_secret_1', cardNumber: '4242 4242 4242 4242' },
    ]);
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await waitFor(() => expect(location()).toBe(`/payment-success?paymentId=${intent.paymentId}`), { timeout: 3000 });
  });

  it('says why a declined card failed and prepares a new payment for the next try', async () => {
    renderCheckout();
    await payButton();
    const next = { ...intent, paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', clientSecret: 'demo_secret_2' };
    fetchMock
      .mockResolvedValueOnce(jsonReply({ status: 'failed', message: 'Your card was declined.' }))
      .mockResolvedValueOnce(jsonReply(next));
    acceptTerms();
    fillCard('4000 0000 0000 0002');
    await act(async () => fireEvent.click(await payButton()));

    expect(await findNotice('Payment failed')).toEqual({
      role: 'alert',
      text: 'Payment failedYour card was declined.',
    });
    await waitFor(() => expect(bodiesSentTo('/api/create-payment-intent')).toHaveLength(2));
    expect(location()).toBe(`/checkout?${query}`);
    const form = await screen.findByRole('form', { name: 'Demo card payment' });
    expect(within(form).getByLabelText('Card number')).toBeTruthy();
  });

  it('keeps Pay busy while the new payment is prepared, so a quick second try never confirms the closed one', async () => {
    renderCheckout();
    await payButton();
    const next = { ...intent, paymentId: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98', clientSecret: 'demo_secret_3' };
    let sendNext: (reply: Response) => void = () => undefined;
    fetchMock
      .mockResolvedValueOnce(jsonReply({ status: 'failed', message: 'Your card was declined.' }))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (sendNext = resolve)));
    acceptTerms();
    fillCard('4000 0000 0000 0002');
    await act(async () => fireEvent.click(await payButton()));
    await findNotice('Payment failed');
    await waitFor(() => expect(bodiesSentTo('/api/create-payment-intent')).toHaveLength(2));

    // A loading antd button is named after its spinner too ('loading Pay £190.00').
    const waiting = await screen.findByRole('button', { name: /Pay £190\.00$/ });
    expect(waiting.className).toContain('ant-btn-loading');
    await act(async () => fireEvent.click(waiting));
    expect(bodiesSentTo('/api/payments/demo/confirm')).toHaveLength(1);

    await act(async () => sendNext(jsonReply(next)));
    await waitFor(async () => expect((await payButton()).className).not.toContain('ant-btn-loading'));
  });

  describe('issue 26: a student under 18 or without a date of birth', () => {
    const refused = (code: string, message: string, status: number) =>
      jsonReply({ statusCode: status, code, message }, status);

    it('shows the refusal while consent is awaited and sends the request again', async () => {
      fetchMock.mockImplementation(async (input) =>
        String(input) === '/api/me/guardian-consent/resend'
          ? jsonReply({ state: 'awaiting_consent', message: ConsentMessages.requestSent })
          : refused(ErrorCodes.guardianConsentRequired, ConsentMessages.paymentNeedsConsent, 403),
      );
      renderCheckout();
      expect(await screen.findByText(ConsentMessages.paymentNeedsConsent)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the request again' })));
      expect(await screen.findByText(ConsentMessages.requestSent)).toBeTruthy();
    });

    it('asks for the date of birth, then sets the payment up for an adult', async () => {
      let given = false;
      fetchMock.mockImplementation(async (input) => {
        if (String(input) === '/api/me/date-of-birth') {
          given = true;
          return jsonReply({ state: 'adult', message: ConsentMessages.dateOfBirthSaved });
        }
        return given
          ? jsonReply(intent)
          : refused(ErrorCodes.dateOfBirthRequired, ConsentMessages.paymentNeedsDateOfBirth, 409);
      });
      renderCheckout();
      expect(await screen.findByText(ConsentMessages.paymentNeedsDateOfBirth)).toBeTruthy();
      type('Date of birth', '1990-01-01');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save and continue' })));
      expect(await payButton()).toBeTruthy();
      expect(bodiesSentTo('/api/me/date-of-birth')).toEqual([{ dateOfBirth: '1990-01-01' }]);
    });
  });
});

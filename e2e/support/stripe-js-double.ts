import type { BrowserContext } from '@playwright/test';

/**
 * TEST DOUBLE of Stripe.js, never shipped: Stripe.js cannot be loaded offline, so the browser gets
 * this script at https://js.stripe.com instead. It implements only what the checkout's card form
 * uses through @stripe/react-stripe-js: `Stripe(key)`, `elements({ clientSecret })`, a Payment
 * Element that mounts a plain card-number field (no iframe) and says 'ready', and `confirmPayment`,
 * which confirms the intent at https://api.stripe.com as Stripe.js does (publishable key and client
 * secret, form-encoded). Serialised with toString(): it must use nothing from outside its body.
 */
function stripeJsDouble(): void {
  type Handler = (payload?: unknown) => void;

  function Stripe(publishableKey: string) {
    let clientSecret = '';
    let cardField: HTMLInputElement | null = null;

    const paymentElement = () => {
      const handlers = new Map<string, Set<Handler>>();
      const emit = (event: string, payload?: unknown) => handlers.get(event)?.forEach((handler) => handler(payload));
      const element = {
        mount(node: HTMLElement) {
          const label = document.createElement('label');
          label.textContent = 'Card number';
          label.style.display = 'grid';
          cardField = document.createElement('input');
          cardField.inputMode = 'numeric';
          cardField.autocomplete = 'cc-number';
          label.append(cardField);
          node.replaceChildren(label);
          setTimeout(() => emit('ready', { elementType: 'payment' }));
        },
        on(event: string, handler: Handler) {
          handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
          return element;
        },
        off(event: string, handler: Handler) {
          handlers.get(event)?.delete(handler);
          return element;
        },
        update() {},
        unmount() {},
        destroy() {
          cardField = null;
        },
      };
      return element;
    };

    return {
      elements(options: { clientSecret: string }) {
        clientSecret = options.clientSecret;
        return { create: paymentElement, getElement: () => null, update() {}, submit: async () => ({}) };
      },
      async confirmPayment({ confirmParams }: { confirmParams: { return_url: string } }) {
        const card = cardField?.value.replace(/\s/g, '') ?? '';
        if (!/^\d{16}$/.test(card)) {
          return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        }
        const intentId = clientSecret.split('_secret_')[0];
        const answer = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, {
          method: 'POST',
          body: new URLSearchParams({
            key: publishableKey,
            client_secret: clientSecret,
            payment_method: 'pm_card_visa',
            return_url: confirmParams.return_url,
          }),
        });
        const body = (await answer.json()) as { error?: unknown };
        return answer.ok ? { paymentIntent: body } : { error: body.error };
      },
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  // The release train @stripe/stripe-js expects, so it loads this without a version warning.
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/**
 * Serves the Stripe.js double to the context's pages and sends what it calls at api.stripe.com to
 * the Stripe stand-in, the publishable key moved from the form to the Authorization header as
 * Stripe's API reads it.
 */
export async function routeStripeTo(context: BrowserContext, standInUrl: string): Promise<void> {
  await context.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `(${stripeJsDouble.toString()})();` }),
  );
  await context.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const request = route.request();
    const form = new URLSearchParams(request.postData() ?? '');
    const key = form.get('key') ?? '';
    form.delete('key');
    const answer = await fetch(`${standInUrl}${new URL(request.url()).pathname}`, {
      method: request.method(),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : form.toString(),
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
}

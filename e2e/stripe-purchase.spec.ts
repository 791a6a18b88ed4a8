import { Fixtures, Notices, PackageDtoSchema, PaymentDtoSchema } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';
import { Platform, WEBHOOK_SECRET } from '../test/faults/support/platform';
import { attachScreenshot } from './support/accounts';
import { routeStripeTo } from './support/stripe-js-double';

/**
 * The purchase production makes: the Stripe provider, not the demo one the rest of the suite's system
 * runs. A platform of its own (the five services and the gateway from their builds, on a private
 * nats-server, fresh databases) runs catalog-payments with a Stripe key and STRIPE_API_BASE at the
 * project's Stripe stand-in, which also sends the webhook, signed with the webhook secret, once the
 * card is confirmed. The browser gets a test double of Stripe.js (support/stripe-js-double.ts).
 */

const REDIS_DB = Number(process.env.E2E_STRIPE_REDIS_DB ?? 13);
let platform: Platform;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  platform = new Platform({ label: 'e2e_stripe', redisDb: REDIS_DB });
  await platform.start();
  platform.stripe.webhook = { url: `${platform.gatewayUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET };
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await platform?.stop();
});

test('a student pays for a package by card through Stripe; the webhook credits the hours the dashboard shows', async ({
  browser,
}) => {
  test.slow();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const student = {
    username: `card${stamp}`,
    firstName: 'Imogen',
    email: `card-${stamp}@example.com`,
    password: 'card-secret-1',
    dateOfBirth: Fixtures.adultDateOfBirth,
  };
  const subject = 'Medical School Interviews';
  const context = await browser.newContext({ baseURL: platform.gatewayUrl, viewport: { width: 1280, height: 900 } });
  await routeStripeTo(context, platform.stripeUrl);
  const page = await context.newPage();
  try {
    await test.step('a registered student opens the checkout: the card form is Stripe’s', async () => {
      const registered = await page.request.post('/api/register', { data: student });
      expect(registered.ok(), await registered.text()).toBe(true);
      await page.goto(`/checkout?subject=${encodeURIComponent(subject)}&packageType=package5&currency=GBP`);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Card payment' });
      await expect(form.getByLabel('Card number')).toBeVisible();
      await expect(page.getByText('Demo payment — no real card is charged')).toHaveCount(0);
      await attachScreenshot(page, 'stripe-checkout-1280');
    });

    await test.step('paying with a card confirms the intent at Stripe with its client secret', async () => {
      await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
      const form = page.getByRole('form', { name: 'Card payment' });
      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByRole('button', { name: 'Pay £190.00' }).click();

      await expect(page).toHaveURL(/\/payment-success\?paymentId=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: Notices.payment.successTitle })).toBeVisible();
      const [intent] = [...platform.stripe.intents.values()];
      expect(intent).toMatchObject({ amount: 19000, currency: 'gbp', status: 'succeeded' });
      const confirm = platform.stripe.requests.find((request) => request.path.endsWith('/confirm'));
      expect(confirm).toMatchObject({
        authorization: 'Bearer pk_test_faults',
        form: { client_secret: intent!.client_secret },
      });
    });

    await test.step('the webhook marks the payment paid and the hours are credited', async () => {
      const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
      await expect
        .poll(async () => PaymentDtoSchema.parse(await (await page.request.get(`/api/payments/${paymentId}`)).json()))
        .toMatchObject({ status: 'succeeded', provider: 'stripe', hours: 5, amount: 19000 });
      await expect
        .poll(async () => PackageDtoSchema.array().parse(await (await page.request.get('/api/user/sessions')).json()), {
          timeout: 20_000,
        })
        .toEqual([expect.objectContaining({ subject, totalHours: 5, usedHours: 0 })]);
    });

    await test.step('the dashboard shows the hours bought', async () => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/my-tutoring');
        const summary = page.getByRole('list', { name: 'Summary' });
        await expect(summary.getByRole('listitem').nth(0)).toContainText('Total Hours Purchased5');
        await expect(summary.getByRole('listitem').nth(2)).toContainText('Hours Remaining5');
        await attachScreenshot(page, `stripe-dashboard-${width}`);
      }
    });
  } finally {
    await context.close();
  }
});

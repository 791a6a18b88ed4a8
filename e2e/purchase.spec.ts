import AxeBuilder from '@axe-core/playwright';
import { DemoCards, Fixtures, Notices, PaymentDtoSchema, PaymentMessages, PackageDtoSchema } from '@medtutor/contracts';
import { type Page, expect, request as apiRequest, test } from '@playwright/test';
import { chooseOption } from './support/antd';
import { seedAdmin as admin } from './support/accounts';

/**
 * The purchase path as a visitor walks it: pricing card, package dialog, sign-up, checkout with a
 * discount code and the demo card provider (PAYMENTS_PROVIDER=demo, the local default), success page.
 * One test, since each step starts where the previous one left the page; a buyer and a discount code
 * of its own, so it runs beside the other files.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const buyer = { username: `buyer${stamp}`, email: `buyer-${stamp}@example.com`, password: 'buyer-secret-1' };
const subject = 'Medical School Interviews';

/** A fresh £1 code from the admin API: single use, so the seeded one would not survive a second run. */
async function createOnePoundCode(baseURL: string | undefined): Promise<string> {
  const adminApi = await apiRequest.newContext({ baseURL });
  try {
    expect((await adminApi.post('/api/login', { data: admin })).ok()).toBe(true);
    const created = await adminApi.post('/api/admin/create-discount-code', { data: { discountPrice: 1 } });
    expect(created.ok()).toBe(true);
    const { code } = (await created.json()) as { code: string };
    return code;
  } finally {
    await adminApi.dispose();
  }
}

async function payWithDemoCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Demo card payment' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

test('a checkout link without a subject says the session parameters are invalid', async ({ page }) => {
  await page.goto('/checkout?packageType=package5');
  await expect(page.getByText(Notices.checkout.invalidSessionParameters)).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a visitor buys the 5-session package with a discount code, signing up on the way', async ({ page, baseURL }) => {
  test.slow(); // five steps of one story: three times the time of one test
  const discountCode = await createOnePoundCode(baseURL);

  await test.step('a visitor buying the 5-session package with a code is sent to sign in, returning to checkout', async () => {
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { name: 'Start with a Free Trial' })).toBeVisible();
    await expect(pricing.getByText('£190-240')).toBeVisible();
    await pricing.getByRole('button', { name: 'Buy Now: 5-Session Package' }).click();

    const dialog = page.getByRole('dialog', { name: '5-Session Package' });
    await expect(dialog.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    await dialog.getByLabel('Subject').click();
    await chooseOption(page, subject);
    await dialog.getByLabel('Discount code (optional)').fill(` ${discountCode.toLowerCase()} `);
    await dialog.getByRole('button', { name: 'Buy Now' }).click();

    const checkoutPath = `/checkout?subject=Medical+School+Interviews&packageType=package5&currency=GBP&discountCode=${discountCode}`;
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(checkoutPath)}`);
  });

  await test.step('after registering, checkout shows the package at the discounted price', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });
    await panel.getByLabel('Username').fill(buyer.username);
    await panel.getByLabel('Email').fill(buyer.email);
    await panel.getByLabel('Password', { exact: true }).fill(buyer.password);
    await panel.getByLabel('Date of birth').fill(Fixtures.adultDateOfBirth);
    await panel.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/checkout\?subject=Medical\+School\+Interviews&packageType=package5/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('5-Session Package')).toBeVisible();
    await expect(page.getByRole('main').getByText(subject, { exact: true })).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText('Was £190.00Now £189.00');
    await expect(page.getByText(`Code ${discountCode} applied`)).toBeVisible();
    await expect(page.getByText('Demo payment — no real card is charged')).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  await test.step('paying without ticking the terms is refused', async () => {
    await payWithDemoCard(page, DemoCards.succeeds);
    await expect(page.getByText(Notices.payment.termsRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);
  });

  await test.step('the declining card says the payment failed and stays on checkout', async () => {
    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await payWithDemoCard(page, DemoCards.declines);
    await expect(page.getByText(Notices.payment.paymentFailedTitle)).toBeVisible();
    await expect(page.getByText(PaymentMessages.cardDeclined)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);
    // The declined payment is closed and the page asks for a fresh one, then shows an empty form for
    // it; paying on the old form before that would confirm the closed payment (refused as not pending).
    await expect(page.getByRole('form', { name: 'Demo card payment' }).getByLabel('Card number')).toHaveValue('');
  });

  await test.step('the succeeding card pays, then the success page shows the package bought', async () => {
    await payWithDemoCard(page, DemoCards.succeeds);
    // The toast and the page's own status line both say it.
    await expect(page.locator('.notice').getByText(Notices.payment.success)).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(Notices.payment.success);
    await expect(page).toHaveURL(/\/payment-success\?paymentId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: Notices.payment.successTitle })).toBeVisible();
    await expect(page.getByText('Our team will contact you within 24 hours')).toBeVisible();
    await expect(page.getByText('5-Session Package')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My Tutoring' })).toHaveAttribute('href', '/my-tutoring');

    const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
    const answer = await page.request.get(`/api/payments/${paymentId}`);
    expect(answer.ok()).toBe(true);
    expect(PaymentDtoSchema.parse(await answer.json())).toMatchObject({
      status: 'succeeded',
      subject,
      packageName: '5-Session Package',
      hours: 5,
      currency: 'GBP',
      amount: 18900,
      discountCode,
    });

    // The hours arrive through the payment_succeeded event, a moment after the payment.
    await expect
      .poll(async () => PackageDtoSchema.array().parse(await (await page.request.get('/api/user/sessions')).json()), {
        timeout: 20_000,
      })
      .toEqual([expect.objectContaining({ subject, packageName: '5-Session Package', totalHours: 5, usedHours: 0 })]);
  });
});

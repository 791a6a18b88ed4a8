import AxeBuilder from '@axe-core/playwright';
import { DemoCards, Fixtures, Notices, RefundMessages, PackageDtoSchema } from '@medtutor/contracts';
import { type Page, expect, test } from '@playwright/test';
import { attachScreenshot, desktopViewport, seedAdmin as admin, signedInPage } from './support/accounts';
import { confirmPopconfirm } from './support/antd';
import { adminPaymentRow } from './support/purchases';

/**
 * Money after the sale (issue 16) end to end, with the demo payment provider (its refunds succeed at
 * once, through the same path Stripe's webhooks take): a student buys the 5-session package, an admin
 * refunds 40 % of it from the Payments tab, and the student's dashboard shows the 2 hours taken back.
 * One test, since each step works on the payment the previous one made; a student of its own.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const student = {
  username: `refund${stamp}`,
  email: `refund-${stamp}@example.com`,
  password: 'refund-secret-1',
  dateOfBirth: Fixtures.adultDateOfBirth,
  firstName: 'Rosalind',
};
const subject = 'Medical School Interviews';
const reason = `Two sessions cancelled by the family ${stamp}`;

const sessionsOf = async (page: Page) =>
  PackageDtoSchema.array().parse(await (await page.request.get('/api/user/sessions')).json());

test.use({ viewport: desktopViewport });

test('a student buys a package, an admin refunds 40 % of it, the dashboard takes 2 hours back', async ({
  page,
  browser,
}) => {
  test.slow(); // three steps of one story, two of them waiting for events: three times the time of one test

  await test.step('a new student buys the 5-session package with the demo card', async () => {
    // page.request shares the browser's cookies: the student registered here is signed in on the page.
    expect((await page.request.post('/api/register', { data: student })).ok()).toBe(true);

    await page.goto(`/checkout?subject=${encodeURIComponent(subject)}&packageType=package5&currency=GBP`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText('£190.00');
    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    const form = page.getByRole('form', { name: 'Demo card payment' });
    await form.getByLabel('Card number').fill(DemoCards.succeeds);
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/payment-success\?paymentId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: Notices.payment.successTitle })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('£190.00');

    // The hours arrive through the payment_succeeded event, a moment after the payment.
    await expect
      .poll(async () => sessionsOf(page), { timeout: 20_000 })
      .toEqual([expect.objectContaining({ subject, totalHours: 5, originalHours: 5, usedHours: 0 })]);
  });

  await test.step('an admin finds the payment in the Payments tab and refunds 40 % of it', async () => {
    const { context, page: adminPage } = await signedInPage(browser, admin);
    try {
      await adminPage.goto('/admin-dashboard');
      const row = await adminPaymentRow(adminPage, student.email);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('£190.00');
      await expect(row).toContainText('Succeeded');
      await row.getByRole('button', { name: /^Details/ }).click();

      const drawer = adminPage.getByRole('dialog', { name: 'Payment details' });
      await expect(drawer.getByText(student.email)).toBeVisible();
      await drawer.getByLabel('Refund amount').fill('76.00');
      await drawer.getByLabel('Reason', { exact: true }).fill(reason);
      await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
      // The confirmation opens outside the drawer, in the page's body, naming the amount and the student.
      await expect(adminPage.getByText(/^Refund £76\.00 to .+\?$/)).toBeVisible();
      await confirmPopconfirm(adminPage, 'Yes');
      await expect(adminPage.getByText(RefundMessages.refundRequested)).toBeVisible();

      // The demo provider refunds at once: the drawer and the list show it after their refresh.
      await expect(drawer.getByRole('row').filter({ hasText: reason })).toContainText('£76.00');
      await expect(drawer).toContainText('Partially refunded');
      await expect(row).toContainText('Partially refunded');
      await attachScreenshot(adminPage, 'admin-payment-refunded-1280');
    } finally {
      await context.close();
    }
  });

  await test.step("the student's dashboard shows 3 hours left of 5 and the refund in the hours history", async () => {
    // Tutoring takes the hours back on the payment_refunded event: 40 % of 5 hours is 2 hours.
    await expect
      .poll(async () => sessionsOf(page), { timeout: 20_000 })
      .toEqual([expect.objectContaining({ originalHours: 5, totalHours: 3, usedHours: 0, overdrawnHours: 0 })]);

    await page.goto('/my-tutoring');
    const summary = page.getByRole('list', { name: 'Summary' });
    await expect(summary.getByRole('listitem').nth(0)).toContainText('Total Hours Purchased3');
    await expect(summary.getByRole('listitem').nth(2)).toContainText('Hours Remaining3');

    const card = page.getByTestId('package-card');
    await expect(card).toContainText('Used 0 of 3 h');
    await expect(card.getByText('2 hours refunded')).toBeVisible();
    await expect(page.getByTestId('schedule-card')).toContainText('5-Session Package: 3 h remaining');

    await card.getByRole('button', { name: 'Show hours history' }).click();
    const entry = card.getByRole('row').filter({ hasText: reason });
    await expect(entry).toContainText('Refund');
    await expect(entry).toContainText('\u22122 h from the package');
    await expect(entry).toContainText('0 of 3 h used');

    // The pointer leaves the history button it clicked: axe would judge the button's hover colour.
    await page.mouse.move(0, 0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    // Each violation with the elements it found, so a failure says where to look.
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join('; ')})`,
      ),
    ).toEqual([]);
    await attachScreenshot(page, 'dashboard-after-refund-1280');
  });
});

import { ConsentMessages, DemoCards, serverCookieNames, ukDateOf } from '@medtutor/contracts';
import { type Page, expect, test } from '@playwright/test';
import { attachScreenshot } from './support/accounts';
import { waitForMail } from './support/mail-outbox';

/**
 * Issue 26: a 15-year-old registers in the browser naming a guardian, the checkout refuses to take
 * payment until the guardian consents from the emailed link, then the demo card pays. One story,
 * one test; its own accounts.
 */
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const student = { username: `teen${stamp}`, email: `teen-${stamp}@example.com`, password: 'teen-secret-1' };
const guardian = { name: 'Pat Guardian', email: `guardian-${stamp}@example.com` };
const checkoutPath = '/checkout?subject=Medical+School+Interviews&packageType=package5&currency=GBP';

/** A date of birth 15 years ago today (UK date); 29 February would not exist every year. */
const today = ukDateOf(new Date());
const fifteen = `${Number(today.slice(0, 4)) - 15}${today.slice(4) === '-02-29' ? '-02-28' : today.slice(4)}`;

async function payWithDemoCard(page: Page) {
  const form = page.getByRole('form', { name: 'Demo card payment' });
  await form.getByLabel('Card number').fill(DemoCards.succeeds);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

test('a 15-year-old pays only after the guardian consents from the emailed link', async ({ page, browser }) => {
  test.slow();
  const registeredAt = new Date();

  await test.step('registration asks a 15-year-old for a guardian', async () => {
    await page.goto(`/auth?redirect=${encodeURIComponent(checkoutPath)}`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });
    await panel.getByLabel('Username').fill(student.username);
    await panel.getByLabel('Email').fill(student.email);
    await panel.getByLabel('Password', { exact: true }).fill(student.password);
    await panel.getByLabel('Date of birth').fill(fifteen);
    await panel.getByLabel('First name').fill('Mia');
    await expect(panel.getByRole('group', { name: 'Your parent or guardian' })).toBeVisible();
    await panel.getByLabel("Parent or guardian's name").fill(guardian.name);
    await panel.getByLabel("Parent or guardian's email").fill(guardian.email);
    await attachScreenshot(page, 'register-15-year-old');
    await panel.getByRole('button', { name: 'Create Account' }).click();
  });

  await test.step('checkout refuses to take payment and offers to send the request again', async () => {
    await expect(page).toHaveURL(/\/checkout\?subject=Medical\+School\+Interviews/);
    await expect(page.getByText(ConsentMessages.paymentNeedsConsent)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Demo card payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send the request again' })).toBeVisible();
    await attachScreenshot(page, 'checkout-awaiting-consent');
  });

  await test.step('the guardian opens the emailed link and consents', async () => {
    const mail = await waitForMail(guardian.email, registeredAt);
    expect(mail.text).toContain('Mia has created an account with MedPath Tutors');
    const link = /https?:\/\/[^\s]+\/guardian-consent\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const guardianContext = await browser.newContext();
    try {
      const guardianPage = await guardianContext.newPage();
      const url = new URL(link!);
      await guardianPage.goto(`${url.pathname}${url.search}`);
      await expect(guardianPage.getByRole('heading', { level: 1, name: 'Parent or guardian consent' })).toBeVisible();
      await expect(guardianPage.getByText('Hello Pat Guardian,')).toBeVisible();
      await expect(guardianPage.getByText(/may buy tutoring sessions and packages/)).toBeVisible();
      await attachScreenshot(guardianPage, 'guardian-consent-page');
      await guardianPage.getByRole('button', { name: 'I consent' }).click();
      await expect(guardianPage.getByText(ConsentMessages.consentRecorded)).toBeVisible();
      // The link works once.
      await guardianPage.reload();
      await expect(guardianPage.getByText(ConsentMessages.linkInvalid)).toBeVisible();
      // The guardian's visit leaves no cookie at all.
      expect(await guardianContext.cookies()).toEqual([]);
    } finally {
      await guardianContext.close();
    }
    const told = await waitForMail(student.email, registeredAt);
    expect(told.subject).toBe('Your parent or guardian has given consent');
  });

  await test.step('the checkout now takes the demo card', async () => {
    // catalog-payments learns of the consent from identity's event, a moment later.
    await expect(async () => {
      await page.goto(checkoutPath);
      await expect(page.getByRole('form', { name: 'Demo card payment' })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await payWithDemoCard(page);
    await expect(page).toHaveURL(/\/payment-success\?paymentId=/);
  });

  await test.step('the journey set no cookie but the documented session cookie', async () => {
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names.filter((name) => !serverCookieNames(false).includes(name))).toEqual([]);
  });
});

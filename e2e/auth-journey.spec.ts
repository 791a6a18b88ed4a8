import { Fixtures } from '@medtutor/contracts';
import { type Page, expect, test } from '@playwright/test';
import { resetLinkPath, waitForMail } from './support/mail-outbox';

/**
 * One visitor's journey through the identity features: one test, since each step starts where the
 * previous one left the browser (and the account it made). Its own account, so it runs beside the
 * other files.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const account = {
  username: `e2e${stamp}`,
  email: `e2e-${stamp}@example.com`,
  firstName: 'Ada',
  password: 'first-secret-1',
  newPassword: 'second-secret-2',
};

const loginPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Login' });

async function logIn(page: Page, password: string) {
  await loginPanel(page).getByLabel('Email').fill(account.email);
  await loginPanel(page).getByLabel('Password', { exact: true }).fill(password);
  await loginPanel(page).getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs out from My Tutoring, which then hands over to the login page, ready to come back. */
async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page).toHaveURL('/auth?redirect=%2Fmy-tutoring');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

test('registering, logging out and in, a guarded page and a password reset', async ({ page }) => {
  test.slow(); // six steps of one story: three times the time of one test
  await test.step('registering a new account opens My Tutoring', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });
    await panel.getByLabel('Username').fill(account.username);
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await panel.getByLabel('Date of birth').fill(Fixtures.adultDateOfBirth);
    await panel.getByLabel('First name').fill(account.firstName);
    await panel.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL('/my-tutoring');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}` })).toBeVisible();
    await expect(page.getByText(account.email).first()).toBeVisible();
  });

  await test.step('logging out leaves My Tutoring for the login page', async () => {
    await logOut(page);
  });

  await test.step('logging in again returns to My Tutoring', async () => {
    await logIn(page, account.password);

    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/my-tutoring');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}` })).toBeVisible();
  });

  await test.step('a signed-out visit to My Tutoring goes through login and back', async () => {
    await logOut(page);
    await page.goto('/');
    await page.goto('/my-tutoring');

    await expect(page).toHaveURL('/auth?redirect=%2Fmy-tutoring');
    await logIn(page, account.password);

    await expect(page).toHaveURL('/my-tutoring');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}` })).toBeVisible();
  });

  await test.step('a forgotten password can be reset through the emailed link', async () => {
    await logOut(page);
    await page.goto('/auth');
    await loginPanel(page).getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel('Email').fill(account.email);
    const requestedAt = new Date(Date.now() - 1_000);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Reset Link Sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(account.email, requestedAt);
    await page.goto(resetLinkPath(mail));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(account.newPassword);
    await page.getByLabel('Confirm new password').fill(account.newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    const resetAt = Date.now();
    await expect(page.getByText('Password Reset Successful')).toBeVisible();
    await page.waitForURL('/auth');
    // The page waits Limits.passwordResetRedirectMs (2 s) before leaving.
    expect(Date.now() - resetAt).toBeGreaterThanOrEqual(1_500);
  });

  await test.step('only the new password logs in after the reset', async () => {
    await logIn(page, account.password);
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page).toHaveURL('/auth');

    // The second attempt starts from a freshly loaded login page. Twice in CI (never locally, not under
    // an artificial load either) the Login button stayed busy after the refused attempt and no second
    // request reached the gateway; a reload keeps this test about the passwords while that is open.
    await page.goto('/auth');
    await logIn(page, account.newPassword);
    await expect(page).toHaveURL('/my-tutoring');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}` })).toBeVisible();
  });
});

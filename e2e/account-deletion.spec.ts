import { ErasureMessages, ErasureTexts } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';
import { attachScreenshot, desktopViewport } from './support/accounts';
import { waitForMail } from './support/mail-outbox';

/**
 * Issue 26: a student deletes their account from the dashboard (password, then the confirmation),
 * lands signed out on the home page with the notice, gets the confirmation email, and can no longer
 * sign in. A student of its own.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const student = { username: `erase${stamp}`, email: `erase-${stamp}@example.com`, password: 'erase-secret-1' };

test.use({ viewport: desktopViewport });

test('a student deletes their account from the dashboard and cannot sign in again', async ({ page }) => {
  expect((await page.request.post('/api/register', { data: student })).status()).toBe(201);
  await page.goto('/my-tutoring');
  const card = page.getByTestId('delete-account');
  await expect(card.getByText(ErasureTexts.cardKept)).toBeVisible();

  await card.getByRole('button', { name: ErasureTexts.deleteButton }).click();
  await card.getByLabel(ErasureTexts.passwordLabel).fill('not-my-password');
  await card.getByRole('button', { name: ErasureTexts.confirmButton }).click();
  await expect(card.getByText('Wrong password or authentication code')).toBeVisible();
  await attachScreenshot(page, 'delete-account-refused');

  const before = new Date(Date.now() - 1_000);
  await card.getByLabel(ErasureTexts.passwordLabel).fill(student.password);
  await card.getByRole('button', { name: ErasureTexts.confirmButton }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(ErasureMessages.erased)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await attachScreenshot(page, 'account-deleted');
  expect((await waitForMail(student.email, before)).subject).toBe(ErasureMessages.emailSubject);

  expect((await page.request.get('/api/user')).status()).toBe(401);
  const login = await page.request.post('/api/login', { data: { email: student.email, password: student.password } });
  expect(login.status()).toBe(401);
});

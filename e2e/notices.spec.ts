import { Notices, ServerMessages } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';

test('a new notice replaces the one on screen, so there is never more than one', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await login.getByLabel('Password', { exact: true }).fill('not-the-password');
  const notices = page.locator('.notice');

  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/login'));
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await answered).status()).toBe(401);
    await expect(notices.getByText(Notices.auth.loginFailed)).toBeVisible();
    // Right after the second failure the first notice would still be fading out next to the new one.
    await expect(notices).toHaveCount(1);
  }
  await expect(notices.getByText(ServerMessages.invalidCredentials)).toBeVisible();
});

import { type Browser, type Page, expect, test } from '@playwright/test';
import { TutorDtoSchema, TwoFactorTexts } from '@medtutor/contracts';
import { Secret, TOTP } from 'otpauth';
import { attachScreenshot, desktopViewport, seedAdmin, signedInPage } from './support/accounts';
import { resetLinkPath, waitForMail } from './support/mail-outbox';

/**
 * A tutor turns on two-factor authentication from the portal, then signs in with the password and a
 * code from the authenticator: one test, since the sign-in needs the secret the setup showed. A tutor
 * of its own, so the seeded admin other specs use stays as it is.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const tutor = { email: `twofactor-tutor-${stamp}@example.com`, password: 'two-factor-tutor-1' };

test.use({ viewport: desktopViewport });

/** What the tutor's phone shows for `secret`, `offsetSteps` 30-second periods from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Creates the tutor and its account; the tutor sets its password through the invitation link. */
async function inviteTutor(browser: Browser) {
  const { context: adminContext, page: adminPage } = await signedInPage(browser, seedAdmin);
  try {
    const api = adminPage.request;
    const created = await api.post('/api/admin/tutors', {
      data: { name: `Two Factor ${stamp}`, specialty: 'Interviews', calendarLink: `https://calendly.com/tf-${stamp}` },
    });
    expect(created.status()).toBe(201);
    const entry = TutorDtoSchema.parse(await created.json());
    const invitedAt = new Date(Date.now() - 1_000);
    const invited = await api.post('/api/admin/tutor-accounts', {
      data: { tutorId: entry.id, email: tutor.email, firstName: 'Tess', lastName: 'Factor' },
    });
    expect(invited.ok()).toBe(true);
    // Off the public tutor list at once: other specs count the cards there.
    expect((await api.delete(`/api/admin/tutors/${entry.id}`)).ok()).toBe(true);
    const token = new URL(resetLinkPath(await waitForMail(tutor.email, invitedAt)), 'http://site').searchParams.get(
      'token',
    );
    const reset = await api.post('/api/reset-password', {
      data: { token, password: tutor.password, confirmPassword: tutor.password },
    });
    expect(reset.ok()).toBe(true);
  } finally {
    await adminContext.close();
  }
}

async function logIn(page: Page) {
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Email').fill(tutor.email);
  await panel.getByLabel('Password', { exact: true }).fill(tutor.password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a tutor turns on two-factor authentication, then signs in with a code', async ({ browser, page }) => {
  test.slow(); // an invitation and two steps of one story: three times the time of one test
  await inviteTutor(browser);
  let secret = '';

  await test.step('a tutor turns on two-factor authentication from the portal', async () => {
    await logIn(page);
    await expect(page).toHaveURL('/tutor');
    await page.getByRole('link', { name: TwoFactorTexts.sectionTitle }).click();
    await expect(page).toHaveURL('/account/security');
    await page.getByRole('button', { name: TwoFactorTexts.startSetup }).click();

    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await attachScreenshot(page, 'two-factor-setup');

    await page.getByLabel(TwoFactorTexts.codeLabel).fill(codeFor(secret));
    await page.getByRole('button', { name: TwoFactorTexts.confirmButton }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await attachScreenshot(page, 'two-factor-recovery-codes');

    await page.getByLabel(TwoFactorTexts.recoveryCodesSaved).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('main').getByText(TwoFactorTexts.enabled)).toBeVisible();
  });

  await test.step('the next sign-in asks for a code after the password', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await logIn(page);

    await expect(page.getByRole('heading', { name: TwoFactorTexts.verifyTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await attachScreenshot(page, 'two-factor-sign-in');
    // The enrolling code spent this period; the next one is already accepted.
    await page.getByLabel(TwoFactorTexts.codeLabel).fill(codeFor(secret, 1));
    await page.getByRole('button', { name: TwoFactorTexts.verifyButton }).click();

    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/tutor');
  });
});

import { type Browser, type Page, expect, test } from '@playwright/test';
import {
  SecondFactorEmails,
  SecondFactorLifecycleTexts,
  SecondFactorMessages,
  TutorDtoSchema,
  TwoFactorTexts,
} from '@medtutor/contracts';
import { Secret, TOTP } from 'otpauth';
import { attachScreenshot, desktopViewport, seedAdmin, signedInPage } from './support/accounts';
import { resetLinkPath, waitForMail } from './support/mail-outbox';

/**
 * A tutor turns on two-factor authentication from the portal, then signs in with the password and a
 * code from the authenticator: one test, since the sign-in needs the secret the setup showed. Then an
 * admin resets a tutor's lost authenticator and the tutor enrols again at sign-in. Tutors of their
 * own, so the seeded admin other specs use stays as it is.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
type Tutor = { name: string; email: string; password: string };
const tutor: Tutor = {
  name: `Two Factor ${stamp}`,
  email: `twofactor-tutor-${stamp}@example.com`,
  password: 'two-factor-tutor-1',
};

test.use({ viewport: desktopViewport });

/** What the tutor's phone shows for `secret`, `offsetSteps` 30-second periods from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Creates the tutor and its account; the tutor sets its password through the invitation link. */
async function inviteTutor(browser: Browser, tutor: Tutor) {
  const { context: adminContext, page: adminPage } = await signedInPage(browser, seedAdmin);
  try {
    const api = adminPage.request;
    const created = await api.post('/api/admin/tutors', {
      data: {
        name: tutor.name,
        specialty: 'Interviews',
        calendarLink: `https://calendly.com/${tutor.email.split('@')[0]}`,
      },
    });
    expect(created.status()).toBe(201);
    const entry = TutorDtoSchema.parse(await created.json());
    const invitedAt = new Date(Date.now() - 1_000);
    const invited = await api.post('/api/admin/tutor-accounts', {
      data: { tutorId: entry.id, email: tutor.email, firstName: 'Tess', lastName: 'Factor' },
    });
    expect(invited.ok()).toBe(true);
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

async function logIn(page: Page, tutor: Tutor) {
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Email').fill(tutor.email);
  await panel.getByLabel('Password', { exact: true }).fill(tutor.password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a tutor turns on two-factor authentication, then signs in with a code', async ({ browser, page }) => {
  test.slow(); // an invitation and two steps of one story: three times the time of one test
  await inviteTutor(browser, tutor);
  let secret = '';

  await test.step('a tutor turns on two-factor authentication from the portal', async () => {
    await logIn(page, tutor);
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
    await logIn(page, tutor);

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

test("an admin resets a tutor's lost authenticator; the tutor must enrol again at sign-in", async ({
  browser,
  page,
}) => {
  test.slow(); // an invitation, an enrolment, an admin's reset and a second enrolment
  const lost: Tutor = {
    name: `Lost Phone ${stamp}`,
    email: `lost-phone-tutor-${stamp}@example.com`,
    password: 'lost-phone-tutor-1',
  };
  await inviteTutor(browser, lost);

  await test.step('the tutor turns on two-factor authentication', async () => {
    await logIn(page, lost);
    await expect(page).toHaveURL('/tutor');
    await page.goto('/account/security');
    await page.getByRole('button', { name: TwoFactorTexts.startSetup }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByLabel(TwoFactorTexts.codeLabel).fill(codeFor(secret));
    await page.getByRole('button', { name: TwoFactorTexts.confirmButton }).click();
    await page.getByLabel(TwoFactorTexts.recoveryCodesSaved).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('main').getByText(TwoFactorTexts.enabled)).toBeVisible();
    await expect(page.getByRole('button', { name: SecondFactorLifecycleTexts.reEnrolButton })).toBeVisible();
    await attachScreenshot(page, 'account-security-on-1280');
    // Narrow phones: nothing may push the page wider than the window.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: SecondFactorLifecycleTexts.regenerateButton })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await attachScreenshot(page, 'account-security-on-375');
    await page.getByRole('button', { name: SecondFactorLifecycleTexts.reEnrolButton }).click();
    await expect(page.getByLabel(SecondFactorLifecycleTexts.passwordLabel)).toBeVisible();
    await attachScreenshot(page, 'account-security-re-enrol-375');
    await page.setViewportSize(desktopViewport);
  });

  const resetAt = new Date(Date.now() - 1_000);
  await test.step('an admin resets it from the Tutors tab', async () => {
    const { context: adminContext, page: adminPage } = await signedInPage(browser, seedAdmin);
    try {
      await adminPage.goto('/admin');
      await adminPage.getByRole('tab', { name: /^Tutor Management/ }).click();
      await adminPage.getByRole('button', { name: `Reset two-factor authentication of ${lost.name}` }).click();
      await expect(adminPage.getByText(SecondFactorLifecycleTexts.adminResetDescription)).toBeVisible();
      await adminPage.getByRole('button', { name: SecondFactorLifecycleTexts.adminResetButton, exact: true }).click();
      await expect(adminPage.getByText(SecondFactorMessages.resetDone)).toBeVisible();
      await attachScreenshot(adminPage, 'admin-two-factor-reset');
    } finally {
      await adminContext.close();
    }
  });

  await test.step('the tutor is told by email and signed out at once', async () => {
    const mail = await waitForMail(lost.email, resetAt);
    expect(mail.subject).toBe(SecondFactorEmails.reset_by_admin.subject);
    await page.goto('/tutor');
    await expect(page).toHaveURL(/\/auth/);
  });

  await test.step('the next sign-in must enrol a new authenticator, then reaches the portal', async () => {
    await logIn(page, lost);
    await expect(page.getByText(TwoFactorTexts.enrolRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await page.getByRole('button', { name: TwoFactorTexts.startSetup }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(TwoFactorTexts.codeLabel).fill(codeFor(secret));
    await page.getByRole('button', { name: TwoFactorTexts.confirmButton }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByLabel(TwoFactorTexts.recoveryCodesSaved).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/tutor');
  });
});

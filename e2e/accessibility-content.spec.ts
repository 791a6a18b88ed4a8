import AxeBuilder from '@axe-core/playwright';
import {
  Fixtures,
  Notices,
  PendingTestimonialListSchema,
  PublicTestimonialDtoSchema,
  ServerMessages,
} from '@medtutor/contracts';
import { type Page, expect, request as apiRequest, test } from '@playwright/test';
import { attachScreenshot, seedAdmin as admin, signedInPage } from './support/accounts';
import { adminPaymentRow, registerAndBuyPackage } from './support/purchases';

/**
 * Accessibility checks on pages holding every kind of content they can show, not only what an empty
 * system has: the home page with a verified story (its green "Verified purchase" tag) beside an
 * unverified one, the admin's tabs with their count badge, the stories awaiting approval and a paid
 * payment's status tag, and each kind of notice (a success, a failure). An empty page passes checks that
 * the same page fails once real data arrives.
 */

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
  );

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const student = {
  username: `a11y${stamp}`,
  email: `a11y-${stamp}@example.com`,
  password: 'a11y-secret-1',
  dateOfBirth: Fixtures.adultDateOfBirth,
};
const verifiedStory = {
  name: 'Amara Okafor',
  email: student.email,
  title: `Verified: UCAT in the 90th percentile ${stamp}`,
  content: 'Timed drills every week, and my score climbed.',
  rating: 5,
};
const visitorStory = {
  name: 'Tom Hughes',
  email: `a11y-visitor-${stamp}@example.com`,
  title: `Unverified: interview nerves gone ${stamp}`,
  content: 'Two mock interviews and I felt ready.',
};

test('the home page with a verified and an unverified story, and a success notice, meets WCAG 2.2 AA', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000); // a purchase, two stories, their approval and five pages checked
  const studentApi = await apiRequest.newContext({ baseURL });
  const { context: adminContext, page: adminPage } = await signedInPage(browser, admin);
  try {
    await test.step('a student who has paid sends a story from their session: it will carry the badge', async () => {
      await registerAndBuyPackage(studentApi, student, 'Medical School Interviews');
      const sent = await studentApi.post('/api/testimonials', { data: verifiedStory });
      expect(sent.status()).toBe(201);
    });

    await test.step('a visitor sends one from the home page form, and the success notice passes', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/#success');
      const section = page.locator('#success');
      await section.getByLabel('Name').fill(visitorStory.name);
      await section.getByLabel('Email').fill(visitorStory.email);
      await section.getByLabel('Title').fill(visitorStory.title);
      await section.getByLabel('Your experience').fill(visitorStory.content);
      await section.getByRole('button', { name: 'Submit Your Story' }).click();
      const notice = page.locator('.notice').filter({ hasText: Notices.testimonials.submittedTitle });
      await expect(notice).toBeVisible();
      await expect(notice).toHaveAttribute('role', 'status');
      expect(await violations(page)).toEqual([]);
    });

    await test.step("the admin's Testimonials tab, with its pending badge and both stories, passes", async () => {
      await adminPage.goto('/admin-dashboard');
      const tab = adminPage.getByRole('tab', { name: /^Testimonials/ });
      await expect(tab.getByLabel(/^\d+ pending$/)).toBeVisible();
      await tab.click();
      const panel = adminPage.getByRole('tabpanel', { name: /^Testimonials/ });
      // The tab's antd code loads when it first opens.
      await expect(panel.getByText(verifiedStory.title)).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByText(visitorStory.title)).toBeVisible();
      expect(await violations(adminPage)).toEqual([]);
      await attachScreenshot(adminPage, 'admin-testimonials-pending-1280');
    });

    await test.step("the Payments tab, with the student's paid payment and its status tag, passes", async () => {
      const row = await adminPaymentRow(adminPage, student.email);
      await expect(row).toContainText('Succeeded');
      await adminPage.mouse.move(0, 0);
      expect(await violations(adminPage)).toEqual([]);
    });

    await test.step('the admin approves both', async () => {
      const pending = PendingTestimonialListSchema.parse(
        await (await adminPage.request.get('/api/testimonials/pending')).json(),
      );
      for (const title of [verifiedStory.title, visitorStory.title]) {
        const story = pending.find((item) => item.title === title);
        expect(story, title).toBeDefined();
        expect((await adminPage.request.patch(`/api/testimonials/${story!.id}/approve`)).ok()).toBe(true);
      }
      const published = PublicTestimonialDtoSchema.array().parse(
        await (await studentApi.get('/api/testimonials')).json(),
      );
      expect(published.find((story) => story.title === verifiedStory.title)?.verifiedPurchase).toBe(true);
      expect(published.find((story) => story.title === visitorStory.title)?.verifiedPurchase).toBe(false);
    });

    for (const width of [375, 1280]) {
      await test.step(`at ${width} px both stories show, one with its tag, and the page passes`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        const stories = page.locator('#success').getByRole('article');
        const verified = stories.filter({ hasText: verifiedStory.title });
        const unverified = stories.filter({ hasText: visitorStory.title });
        await expect(verified.getByText('Verified purchase')).toBeVisible();
        await expect(unverified).toBeVisible();
        await expect(unverified.getByText('Verified purchase')).toHaveCount(0);
        // Every rule of the page with its stories loaded (the list is drawn after the page's first view).
        await verified.scrollIntoViewIfNeeded();
        expect(await violations(page)).toEqual([]);
        await attachScreenshot(page, `home-stories-${width}`);
      });
    }
  } finally {
    await studentApi.dispose();
    await adminContext.close();
  }
});

test('a failure notice meets WCAG 2.2 AA', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(`nobody-a11y-${stamp}@example.com`);
  await login.getByLabel('Password', { exact: true }).fill('not-the-password');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  const notice = page.locator('.notice').filter({ hasText: Notices.auth.loginFailed });
  await expect(notice.getByText(ServerMessages.invalidCredentials)).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  expect(await violations(page)).toEqual([]);
  await attachScreenshot(page, 'auth-failure-notice-1280');
});

import AxeBuilder from '@axe-core/playwright';
import { PageTexts } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { level: 1, name: PageTexts.notFoundTitle })).toBeVisible();
  await expect(page.getByText(PageTexts.notFoundHint)).toBeVisible();
});

test('a reset link without a token is refused', async ({ page }) => {
  await page.goto('/reset-password');

  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth');
});

test('the home page shows its content without loading the dashboards', async ({ page }) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/remotes/')) remoteRequests.push(request.url());
  });

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: PageTexts.tagline })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Your Free Trial Session' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Terms and Conditions/ })).toHaveAttribute('target', '_blank');
  await page.waitForLoadState('networkidle');
  expect(remoteRequests).toEqual([]);
});

const publicPaths = [
  '/',
  '/auth',
  '/about',
  '/privacy-policy',
  '/terms',
  '/contact',
  '/ucat',
  '/medical-school-interviews',
  '/medical-school-support',
  '/checkout?subject=Medical%20School%20Interviews&packageType=package5&currency=GBP',
  '/payment-success',
  '/reset-password?token=example',
];

for (const path of publicPaths) {
  test(`${path} has one h1 and no WCAG 2.1 AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}

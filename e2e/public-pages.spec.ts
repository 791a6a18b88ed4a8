import AxeBuilder from '@axe-core/playwright';
import { PageTexts } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page, sent with a 404 status', async ({ page }) => {
  const reply = await page.goto('/no-such-page');

  expect(reply?.status()).toBe(404);

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

// The pages site-navigation.spec.ts does not open; it checks the others the same way, at 375 and 1280 px.
const publicPaths = [
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

test('the privacy policy states the policies, with a table of contents linking to its twelve sections', async ({
  page,
}) => {
  await page.goto('/privacy-policy');

  await expect(page).toHaveTitle('Privacy Policy | MedPath Tutors');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated 24 December 2025')).toBeVisible();
  const main = page.getByRole('main');
  for (const sentence of [
    'Payment must be completed at least 48 hours before a session.',
    'Cancellation is free with 24 hours or more notice.',
    'All sessions are recorded',
    'Recordings are kept for at most 24 months',
    'within 5-7 business days',
    "We give 30 days' notice",
    'Our service is for students over 13. Students under 18 need the consent of a parent or guardian',
    "Information Commissioner's Office (ICO)",
  ]) {
    await expect(main.getByText(sentence).first()).toBeVisible();
  }

  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link')).toHaveCount(12);
  await contents.getByRole('link', { name: 'Your Rights Under the UK GDPR' }).click();
  await expect(page).toHaveURL(/#your-rights$/);
  await expect(page.getByRole('heading', { level: 2, name: '9. Your Rights Under the UK GDPR' })).toBeInViewport();
});

test('the terms state the policies and the footer opens them in a new tab', async ({ page }) => {
  await page.goto('/terms');

  await expect(page).toHaveTitle('Terms and Conditions | MedPath Tutors');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText('Last updated 28 June 2025')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('must be completed at least 48 hours before a session')).toBeVisible();
  await expect(main.getByText('Cancellation is free with 24 hours or more notice')).toBeVisible();
  await expect(main.getByText('governed by the law of England and Wales')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(12);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /^Terms and Conditions/ })).toHaveAttribute(
    'target',
    '_blank',
  );
});

test('the about page tells the story and leads to the contact section', async ({ page }) => {
  await page.goto('/about');

  await expect(page).toHaveTitle('About Us | MedPath Tutors');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /small team of medical students/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'About Us | MedPath Tutors');
  for (const heading of ['Our Story', 'What Sets Us Apart', 'Our Mission']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: '99% success rate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/#contact');
});

test('the home page describes the business as structured data', async ({ page }) => {
  await page.goto('/');

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data).toMatchObject({ '@type': 'EducationalOrganization', name: 'MedPath Tutors' });
  expect(data.hasOfferCatalog.itemListElement.length).toBeGreaterThan(0);
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  expect(await robots.text()).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: https?:\/\/\S+\/sitemap\.xml\n$/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const path of ['/about', '/privacy-policy', '/terms', '/medical-school-interviews']) {
    expect(xml).toContain(`${path}</loc>`);
  }
});

/** Each prerendered page, with its title and texts that must be in its HTML before any JavaScript runs. */
const prerenderedPages: { path: string; h1: string; title: string; texts: string[] }[] = [
  {
    path: '/',
    h1: PageTexts.tagline,
    title: 'MedPath Tutors | Medical School Tutoring',
    texts: ['Book Your Free Trial Session', 'Our Subjects', 'Meet Our Expert Tutors', 'Start with a Free Trial', '£40'],
  },
  { path: '/about', h1: 'About Us', title: 'About Us | MedPath Tutors', texts: ['Our Story', 'Our Mission'] },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    title: 'Privacy Policy | MedPath Tutors',
    texts: ['Last updated 24 December 2025', 'Your Rights Under the UK GDPR'],
  },
  {
    path: '/terms',
    h1: 'Terms and Conditions',
    title: 'Terms and Conditions | MedPath Tutors',
    texts: ['Last updated 28 June 2025', 'governed by the law of England and Wales'],
  },
  {
    path: '/contact',
    h1: 'Request Your Free Trial',
    title: 'Request Your Free Trial | MedPath Tutors',
    texts: ['Your details', 'within 24 hours'],
  },
  { path: '/ucat', h1: 'UCAT', title: 'UCAT | MedPath Tutors', texts: ['Currently Unavailable', 'Packages'] },
  {
    path: '/medical-school-interviews',
    h1: 'Medical School Interviews',
    title: 'Medical School Interviews | MedPath Tutors',
    texts: ['Multiple mini interviews (MMIs)', 'Panel interviews', '£190'],
  },
  {
    path: '/medical-school-support',
    h1: 'Medical School Support',
    title: 'Medical School Support | MedPath Tutors',
    texts: ['Neurology', 'Oncology', '£50'],
  },
];

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').trim();

for (const { path, h1, title, texts } of prerenderedPages) {
  test(`${path} carries its content and styles in its HTML, before any JavaScript`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.ok()).toBe(true);
    // React separates adjacent text with empty comments (`£<!-- -->40`).
    const html = (await res.text()).replace(/<!-- -->/g, '');

    const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map(([, inner = '']) => textOf(inner));
    expect(headings).toEqual([h1]);
    expect(html).toContain(`<title>${title}</title>`);
    for (const text of texts) expect(html).toContain(text);
    // The site's and the UI kit's stylesheet, so the page is styled before its scripts run, and no
    // antd: the public pages render with the project's own components (issue 15).
    expect(html).toMatch(/<link href="\/static\/css\/index\.\w+\.css" rel="stylesheet">/);
    expect(html).not.toMatch(/class="[^"]*\bant-/);
  });
}

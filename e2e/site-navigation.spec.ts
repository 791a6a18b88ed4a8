import AxeBuilder from '@axe-core/playwright';
import { Fixtures, PageTexts, TutorDtoSchema } from '@medtutor/contracts';
import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import { resetLinkPath, waitForMail } from './support/mail-outbox';
import { attachScreenshot, desktopViewport, seedAdmin as admin, signedInPage } from './support/accounts';

/**
 * The public website as visitors, students, tutors and admins see it (docs/product.md §1, §2 and §9): every
 * public route at phone and desktop widths, the spec's texts word for word, the navigation variants,
 * the home page anchors and keyboard use. public-pages.spec.ts covers the 404 page, the legal texts,
 * the prerendered HTML and the same page checks on the routes this file does not open.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const phone = { width: 375, height: 812 };
const desktop = desktopViewport;

const publicRoutes: { path: string; h1: string; name: string }[] = [
  { path: '/', h1: PageTexts.tagline, name: 'home' },
  { path: '/about', h1: 'About Us', name: 'about' },
  { path: '/privacy-policy', h1: 'Privacy Policy', name: 'privacy-policy' },
  { path: '/terms', h1: 'Terms and Conditions', name: 'terms' },
  { path: '/contact', h1: 'Request Your Free Trial', name: 'contact' },
  { path: '/ucat', h1: 'UCAT', name: 'ucat' },
  { path: '/medical-school-interviews', h1: 'Medical School Interviews', name: 'medical-school-interviews' },
  { path: '/medical-school-support', h1: 'Medical School Support', name: 'medical-school-support' },
  { path: '/auth', h1: 'Welcome to MedPath Tutors', name: 'auth' },
];

const homeLinks = ['Subjects', 'Tutors', 'Pricing', 'Success Stories'];
const otherPageLinks = ['Home', 'Subjects', 'Pricing', 'About Us'];

/**
 * Waits until React has hydrated the prerendered page (antd controls stay disabled until then) and
 * the session is known (the account links are held unseen until then).
 */
async function waitUntilInteractive(page: Page) {
  await expect(page.locator('.menu-toggle')).toBeEnabled();
  await expect(page.locator('.site-account__pending')).toHaveCount(0);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitUntilInteractive(page);
}

/** The names of the links and buttons a navigation region shows, in order. */
const namesIn = (region: Locator) =>
  region
    .getByRole('link')
    .or(region.getByRole('button'))
    .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });
const menuToggle = (page: Page) => page.locator('.menu-toggle');

/** A browser context signed in through the API: page.request shares the context's cookies. */

async function registeredStudentPage(browser: Browser, viewport = desktop) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const student = {
    username: `nav${stamp}${Math.floor(Math.random() * 1e6)}`,
    email: `nav-${stamp}-${Math.floor(Math.random() * 1e6)}@example.com`,
    password: 'nav-secret-1',
    dateOfBirth: Fixtures.adultDateOfBirth,
  };
  expect((await page.request.post('/api/register', { data: student })).ok()).toBe(true);
  return { context, page };
}

test.describe('every public route at 375 px and 1280 px', () => {
  for (const viewport of [phone, desktop]) {
    for (const route of publicRoutes) {
      test(`${route.path} at ${viewport.width} px: no sideways scroll, one h1, its landmarks, no WCAG 2.2 AA violation`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await open(page, route.path);

        await expect(page.getByRole('heading', { level: 1, name: route.h1, exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
          await expect(page.getByRole(landmark)).toBeVisible();
        }
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, 'the page must not scroll sideways').toBeLessThanOrEqual(viewport.width);

        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(
          results.violations.map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
        ).toEqual([]);

        await attachScreenshot(page, `public-${route.name}-${viewport.width}`);
      });
    }
  }
});

test.describe("the spec's texts", () => {
  test('the home hero, subjects and tutors say what the spec says', async ({ page }) => {
    await open(page, '/');

    const hero = page.locator('section.hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Shift Your Thinking. Unlock Your Potential.');
    await expect(hero.getByRole('heading', { level: 2 })).toHaveText('Small Company, Big Dreams');
    await expect(hero).toContainText('personalised');
    for (const claim of ['99% success rate', 'Qualified medical-student tutors', '100% online']) {
      await expect(hero.getByText(claim, { exact: true })).toBeVisible();
    }
    await expect(hero.getByRole('link', { name: 'Book Your Free Trial Session' })).toHaveAttribute('href', '/#contact');

    const subjects = page.locator('#subjects');
    const cards = subjects.locator('.ui-card');
    await expect(cards).toHaveCount(3);
    for (const [title, path, price] of [
      ['UCAT', '/ucat', '£40'],
      ['Medical School Interviews', '/medical-school-interviews', '£40'],
      ['Medical School Support', '/medical-school-support', '£50'],
    ] as const) {
      const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
      await expect(card).toContainText(`${price} per hour`);
      await expect(card.getByRole('img')).toBeVisible();
      await expect(card.getByRole('link', { name: `Learn More about ${title}` })).toHaveAttribute('href', path);
      // Only UCAT carries the badge.
      await expect(card.getByText('Currently Unavailable', { exact: true })).toHaveCount(title === 'UCAT' ? 1 : 0);
    }
    // The badge is red: its text colour is dominated by the red channel.
    const [red = 0, green = 0, blue = 0] = (
      await subjects
        .getByText('Currently Unavailable', { exact: true })
        .evaluate((node) => getComputedStyle(node).color)
    )
      .match(/\d+/g)!
      .map(Number);
    expect(red).toBeGreaterThan(2 * Math.max(green, blue));

    const tutors = page.locator('#tutors');
    await expect(tutors.getByRole('heading', { level: 2 })).toHaveText('Meet Our Expert Tutors');
    await expect(tutors).toContainText('qualified medical tutors with proven track records');
    await expect(tutors).toContainText('Start with a FREE 15-30 minute session to meet your tutor');
    await expect(tutors.getByRole('heading', { level: 3 }).first()).toBeVisible();
  });

  test('the pricing section shows the free trial first and the four plans with their buttons', async ({ page }) => {
    await open(page, '/');

    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { level: 2 })).toHaveText('Start with a Free Trial');
    await expect(pricing).toContainText(
      'Every student starts with our FREE trial session - no payment required, no commitment needed.',
    );
    const plans = pricing.locator('.plan-card');
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText([
      'Free Trial',
      'Single Session',
      '5-Session Package',
      '10-Session Package',
    ]);
    const plan = (title: string) =>
      plans.filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

    await expect(plan('Free Trial')).toContainText('£0');
    await expect(plan('Free Trial')).toContainText('15-30 minutes');
    await expect(plan('Free Trial')).toContainText('Most Popular');
    await expect(plan('Free Trial').getByRole('link', { name: 'Book Free Trial' })).toHaveAttribute(
      'href',
      '/#contact',
    );

    await expect(plan('Single Session')).toContainText('£40-50');
    await expect(plan('Single Session').getByRole('button', { name: 'Book Session' })).toBeEnabled();

    await expect(plan('5-Session Package')).toContainText('£190-240');
    await expect(plan('5-Session Package')).toContainText('Most Popular');
    await expect(plan('5-Session Package')).toContainText('Priority booking');
    await expect(plan('5-Session Package').getByRole('button', { name: 'Buy Now: 5-Session Package' })).toHaveText(
      'Buy Now',
    );

    await expect(plan('10-Session Package')).toContainText('£360-460');
    await expect(plan('10-Session Package')).toContainText('Flexible scheduling');
    await expect(plan('10-Session Package').getByRole('button', { name: 'Buy Now: 10-Session Package' })).toHaveText(
      'Buy Now',
    );
  });

  const subjectPages = [
    { path: '/ucat', title: 'UCAT', prices: ['£40', '£190', '£360'], unavailable: true },
    { path: '/medical-school-interviews', title: 'Medical School Interviews', prices: ['£40', '£190', '£360'] },
    { path: '/medical-school-support', title: 'Medical School Support', prices: ['£50', '£240', '£460'] },
  ];

  for (const subject of subjectPages) {
    test(`${subject.path} has its hero, about text, offerings, package prices and the free-trial button`, async ({
      page,
    }) => {
      await open(page, subject.path);

      const hero = page.locator('section.hero');
      await expect(hero.getByRole('heading', { level: 1 })).toHaveText(subject.title);
      await expect(hero.getByRole('link', { name: 'Book Your Free Trial Session' })).toHaveAttribute(
        'href',
        '/#contact',
      );
      const banner = hero.getByRole('alert');
      if (subject.unavailable) {
        await expect(banner).toContainText('Currently Unavailable');
      } else {
        await expect(banner).toHaveCount(0);
        await expect(page.getByText('Currently Unavailable')).toHaveCount(0);
      }

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: `About ${subject.title} Tutoring` })).toBeVisible();
      await expect(main.getByRole('heading', { level: 3, name: 'What We Offer' })).toBeVisible();

      const cards = main.locator('.ui-card');
      await expect(cards.locator('.ui-card__title')).toHaveText([
        'Single Session',
        '5-Session Package',
        '10-Session Package',
      ]);
      await expect(cards.locator('.price')).toHaveText(subject.prices);
    });
  }
});

test.describe('the navigation bar', () => {
  test('a visitor sees the section links on the home page, the page links elsewhere, and Login', async ({ page }) => {
    await page.setViewportSize(desktop);
    await open(page, '/');
    const banner = page.getByRole('banner');
    await expect(mainNav(page).getByRole('link')).toHaveText(homeLinks);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/auth');
    await expect(banner.getByRole('link', { name: 'Book Session' })).toHaveAttribute('href', '/#contact');
    await expect(banner.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'My Tutoring' })).toHaveCount(0);

    await open(page, '/about');
    await expect(mainNav(page).getByRole('link')).toHaveText(otherPageLinks);
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(mainNav(page).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');

    // Book Session scrolls to the consultation form.
    await banner.getByRole('link', { name: 'Book Session' }).click();
    await expect(page).toHaveURL('/#contact');
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('a signed-in student sees My Tutoring and Logout instead of Login', async ({ browser }) => {
    const { context, page } = await registeredStudentPage(browser);
    try {
      await open(page, '/about');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'My Tutoring' })).toHaveAttribute('href', '/my-tutoring');
      await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Book Session' })).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
      await attachScreenshot(page, 'nav-student-1280');
    } finally {
      await context.close();
    }
  });

  test('an admin sees Admin Dashboard and Logout', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, admin);
    try {
      await open(page, '/');
      const banner = page.getByRole('banner');
      await expect(mainNav(page).getByRole('link')).toHaveText(homeLinks);
      await expect(banner.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
      await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'My Tutoring' })).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a tutor sees Tutor Portal and Logout', async ({ browser }) => {
    const tutor = { email: `nav-tutor-${stamp}@example.com`, password: 'nav-tutor-secret-1' };
    const { context: adminContext, page: adminPage } = await signedInPage(browser, admin);
    try {
      const api = adminPage.request;
      const created = await api.post('/api/admin/tutors', {
        data: {
          name: `Nav Tutor ${stamp}`,
          specialty: 'Interviews',
          calendarLink: `https://calendly.com/medtutor-nav-${stamp}`,
        },
      });
      expect(created.status()).toBe(201);
      const entry = TutorDtoSchema.parse(await created.json());
      const invitedAt = new Date(Date.now() - 1_000);
      const invited = await api.post('/api/admin/tutor-accounts', {
        data: { tutorId: entry.id, email: tutor.email, firstName: 'Nav', lastName: 'Tutor' },
      });
      expect(invited.ok()).toBe(true);
      const link = resetLinkPath(await waitForMail(tutor.email, invitedAt));
      const token = new URL(link, 'http://site').searchParams.get('token');
      const reset = await api.post('/api/reset-password', {
        data: { token, password: tutor.password, confirmPassword: tutor.password },
      });
      expect(reset.ok()).toBe(true);
    } finally {
      await adminContext.close();
    }

    const { context, page } = await signedInPage(browser, tutor);
    try {
      await open(page, '/about');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Tutor Portal' })).toHaveAttribute('href', '/tutor');
      await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'My Tutoring' })).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('at 375 px the menu toggle opens the same links; Escape and a link close it', async ({ page }) => {
    await page.setViewportSize(phone);
    await open(page, '/about');

    await expect(mainNav(page)).toBeHidden();
    await expect(mobileNav(page)).toBeHidden();
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav(page)).toBeVisible();
    expect(await namesIn(mobileNav(page))).toEqual([...otherPageLinks, 'Login', 'Book Session']);
    await attachScreenshot(page, 'mobile-menu-visitor-375');

    await page.keyboard.press('Escape');
    await expect(mobileNav(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await mobileNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(mobileNav(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // On the home page the menu offers the sections, and a section link closes it too.
    await toggle.click();
    expect(await namesIn(mobileNav(page))).toEqual([...homeLinks, 'Login', 'Book Session']);
    await mobileNav(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/#pricing');
    await expect(mobileNav(page)).toBeHidden();
    await expect(page.locator('#pricing')).toBeInViewport();
  });

  test('at 375 px the menu lists Admin Dashboard and Logout for an admin, My Tutoring for a student', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, admin, phone);
    try {
      await open(page, '/about');
      await menuToggle(page).click();
      expect(await namesIn(mobileNav(page))).toEqual([...otherPageLinks, 'Admin Dashboard', 'Logout']);
      await attachScreenshot(page, 'mobile-menu-admin-375');
    } finally {
      await context.close();
    }

    const student = await registeredStudentPage(browser, phone);
    try {
      await open(student.page, '/about');
      await menuToggle(student.page).click();
      expect(await namesIn(mobileNav(student.page))).toEqual([...otherPageLinks, 'My Tutoring', 'Logout']);
    } finally {
      await student.context.close();
    }
  });

  test('the footer links to the subject, about and legal pages, the terms in a new tab', async ({ page }) => {
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['UCAT', '/ucat'],
      ['Medical School Interviews', '/medical-school-interviews'],
      ['Medical School Support', '/medical-school-support'],
      ['About Us', '/about'],
      ['Privacy Policy', '/privacy-policy'],
    ] as const) {
      const link = footer.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).not.toHaveAttribute('target', '_blank');
    }
    const terms = footer.getByRole('link', { name: /^Terms and Conditions/ });
    await expect(terms).toHaveAttribute('href', '/terms');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(terms).toHaveAttribute('rel', /noopener/);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await expect(tab).toHaveURL(/\/terms$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await tab.close();

    await footer.getByRole('link', { name: 'Medical School Support', exact: true }).click();
    await expect(page).toHaveURL('/medical-school-support');
    await expect(page.getByRole('heading', { level: 1, name: 'Medical School Support' })).toBeVisible();
  });
});

test.describe('anchors', () => {
  for (const [name, section] of [
    ['Subjects', 'subjects'],
    ['Pricing', 'pricing'],
  ] as const) {
    test(`from /about, ${name} opens /#${section} with the section in view`, async ({ page }) => {
      await page.setViewportSize(desktop);
      await open(page, '/about');
      const link = mainNav(page).getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', `/#${section}`);
      await link.click();
      await expect(page).toHaveURL(`/#${section}`);
      await expect(page.locator(`#${section}`)).toBeInViewport();
    });
  }

  test('on the home page each section link scrolls smoothly to its section', async ({ page }) => {
    await page.setViewportSize(desktop);
    await open(page, '/');
    for (const [name, section] of [
      ['Subjects', 'subjects'],
      ['Tutors', 'tutors'],
      ['Pricing', 'pricing'],
      ['Success Stories', 'success'],
    ] as const) {
      await mainNav(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(`/#${section}`);
      await expect(page.locator(`#${section}`)).toBeInViewport();
    }
    // Smooth: the page is still on its way a moment after a click to a distant section.
    await mainNav(page).getByRole('link', { name: 'Subjects', exact: true }).click();
    const positions = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const sample = () => {
            seen.push(window.scrollY);
            if (seen.length < 20) requestAnimationFrame(sample);
            else resolve(seen);
          };
          requestAnimationFrame(sample);
        }),
    );
    expect(new Set(positions).size, `scroll positions ${positions.join(', ')}`).toBeGreaterThan(2);
    await expect(page.locator('#subjects')).toBeInViewport();
  });
});

test.describe('keyboard only', () => {
  const focusIndicator = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { text: element.textContent?.trim() ?? '', visible: outline || shadow };
    });

  test('Tab reaches every nav link with a visible focus indicator', async ({ page }) => {
    await page.setViewportSize(desktop);
    await open(page, '/about');
    const reached: string[] = [];
    for (let presses = 0; presses < 12 && reached.length < otherPageLinks.length + 2; presses += 1) {
      await page.keyboard.press('Tab');
      const focused = await focusIndicator(page);
      if (!focused) continue;
      if ([...otherPageLinks, 'Login', 'Book Session'].includes(focused.text)) {
        expect(focused.visible, `${focused.text} shows where the focus is`).toBe(true);
        reached.push(focused.text);
      }
    }
    expect(reached).toEqual([...otherPageLinks, 'Login', 'Book Session']);
  });

  for (const key of ['Enter', 'Space'] as const) {
    test(`at 375 px the menu opens with ${key} and its links take the focus in turn`, async ({ page }) => {
      await page.setViewportSize(phone);
      await open(page, '/about');
      const toggle = menuToggle(page);
      await toggle.focus();
      await page.keyboard.press(key);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(mobileNav(page)).toBeVisible();

      await page.keyboard.press('Tab');
      await expect(mobileNav(page).getByRole('link', { name: 'Home' })).toBeFocused();
      expect((await focusIndicator(page))?.visible).toBe(true);
      await page.keyboard.press('Escape');
      await expect(mobileNav(page)).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  }

  test('the booking dialog opens from the keyboard, keeps the focus and returns it on Escape', async ({ page }) => {
    await page.setViewportSize(desktop);
    await open(page, '/');
    const bookSession = page.locator('#pricing').getByRole('button', { name: 'Book Session' });
    await bookSession.focus();
    await expect(bookSession).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Book a Session' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)), { message: 'focus moves in' })
      .toBe(true);
    // Tab and Shift+Tab cycle through the dialog and never reach the page behind. Past the last
    // control the focus may leave the document for the browser's own UI (document.activeElement is
    // then the body), as with a native modal <dialog>; the next Tab comes back into the dialog.
    const where = () =>
      dialog.evaluate((node) => {
        const active = document.activeElement;
        if (active === null || active === document.body) return 'browser';
        const name = active.getAttribute('aria-label') || active.textContent?.trim() || active.id;
        return node.contains(active) ? `dialog: ${name}` : 'page';
      });
    const visited = new Set<string>();
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const place = await where();
      expect(place, `after ${key}`).not.toBe('page');
      visited.add(place);
    }
    expect([...visited]).toEqual(
      expect.arrayContaining(['dialog: Close', 'dialog: booking-subject', 'dialog: Cancel']),
    );

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bookSession).toBeFocused();
  });
});

import { Fixtures, InviteTutorReplySchema, Notices, PackageDtoSchema, TutorDtoSchema } from '@medtutor/contracts';
import { type Page, expect, request as apiRequest, test } from '@playwright/test';
import { resetLinkPath, waitForMail } from './support/mail-outbox';
import { chooseOption } from './support/antd';
import { attachScreenshot, seedAdmin as admin, signedInPage } from './support/accounts';
import { assignTutor, registerAndBuyPackage } from './support/purchases';

/**
 * The back office end to end, in three independent tests: a visitor's success story is approved and
 * published; the admin makes a discount code and copies it; a tutor invited by the admin logs two
 * sessions and submits the week, the admin approves and pays it, and the student's hours drop by what
 * the tutor logged (one test: each step needs what the previous one made).
 *
 * The pending badges read here ("1 pending") count every story and every week in the system: these
 * are the suite's only tests that submit one, and each submits one.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const story = {
  name: 'Priya Raman',
  email: `story-${stamp}@example.com`,
  title: `Offer from my first choice ${stamp}`,
  content: 'The mock MMIs made the real day feel familiar. Thank you!',
};
const tutor = {
  name: `Morgan Ellis ${stamp}`,
  email: `tutor-${stamp}@example.com`,
  password: 'tutor-secret-1',
  calendarLink: `https://calendly.com/medtutor-e2e-tutor-${stamp}`,
};
const student = {
  username: `office${stamp}`,
  email: `office-${stamp}@example.com`,
  password: 'office-secret-1',
  dateOfBirth: Fixtures.adultDateOfBirth,
};
const subject = 'Medical School Interviews';

const openTab = (page: Page, name: RegExp) => page.getByRole('tab', { name }).click();

test("a visitor's success story, approved by the admin, is published with initials", async ({ page, browser }) => {
  const { context: adminContext, page: adminPage } = await signedInPage(browser, admin);
  try {
    await test.step('a visitor submits a success story from the home page', async () => {
      await page.goto('/#success');
      const section = page.locator('#success');
      await section.getByLabel('Name').fill(story.name);
      await section.getByLabel('Email').fill(story.email);
      await section.getByLabel('Title').fill(story.title);
      await section.getByLabel('Your experience').fill(story.content);
      await section.getByRole('button', { name: 'Submit Your Story' }).click();

      await expect(page.getByText(Notices.testimonials.submittedTitle)).toBeVisible();
      await expect(section.getByText(story.title)).toHaveCount(0);
    });

    await test.step('the admin sees it with its badge and approves it; it is published with initials', async () => {
      await adminPage.goto('/admin-dashboard');
      const tab = adminPage.getByRole('tab', { name: /^Testimonials/ });
      await expect(tab.getByLabel('1 pending')).toBeVisible();
      await tab.click();
      await expect(adminPage.getByText(story.email)).toBeVisible();
      await attachScreenshot(adminPage, 'admin-testimonials-1280');

      await adminPage.getByRole('button', { name: `Approve ${story.title}` }).click();
      await expect(adminPage.getByText(Notices.testimonials.approvedTitle)).toBeVisible();
      await expect(tab.getByLabel('1 pending')).toHaveCount(0);

      // The visitor's page is still at /#success, where a goto would only scroll: load it afresh.
      await page.reload();
      const published = page.locator('#success').getByRole('article').filter({ hasText: story.title });
      await expect(published).toContainText('P.R.');
      await expect(published).not.toContainText(story.name);
      await expect(page.locator('#success')).not.toContainText(story.email);
    });
  } finally {
    await adminContext.close();
  }
});

test('the admin generates a discount code and copies it', async ({ browser }) => {
  const { context: adminContext, page: adminPage } = await signedInPage(browser, admin);
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await adminPage.goto('/admin-dashboard');
    await openTab(adminPage, /^Discount Codes/);
    await adminPage.getByLabel('Discount in pounds (1 to 100)').fill('25');
    await adminPage.getByRole('button', { name: 'Generate Code' }).click();
    await expect(adminPage.getByText(Notices.dashboards.discountCreated)).toBeVisible();
    const code = (await adminPage.getByTestId('discount-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await expect(adminPage.getByText('worth £25')).toBeVisible();

    await adminPage.getByRole('button', { name: 'Copy' }).click();
    await expect(adminPage.getByText(Notices.dashboards.copied)).toBeVisible();
    expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await attachScreenshot(adminPage, 'admin-discount-codes-1280');
  } finally {
    await adminContext.close();
  }
});

test("a tutor logs sessions of a student's package, the admin pays the week, the hours drop", async ({
  browser,
  baseURL,
}) => {
  test.slow(); // six steps of one story: three times the time of one test
  const { context: adminContext, page: adminPage } = await signedInPage(browser, admin);
  const studentApi = await apiRequest.newContext({ baseURL });
  try {
    await test.step('a student buys hours and the admin gives the package to a newly invited tutor', async () => {
      const api = adminPage.request;
      const created = await api.post('/api/admin/tutors', {
        data: {
          name: tutor.name,
          specialty: 'Interviews',
          qualifications: '5th-year medical student',
          calendarLink: tutor.calendarLink,
          subjects: [subject],
        },
      });
      expect(created.status()).toBe(201);
      const entry = TutorDtoSchema.parse(await created.json());

      const invitedAt = new Date();
      const invited = await api.post('/api/admin/tutor-accounts', {
        data: { tutorId: entry.id, email: tutor.email, firstName: 'Morgan', lastName: 'Ellis' },
      });
      expect(invited.ok()).toBe(true);
      expect(InviteTutorReplySchema.parse(await invited.json())).toMatchObject({
        tutorId: entry.id,
        email: tutor.email,
      });
      // The tutor chooses a password through the emailed link, on the ordinary reset page.
      const token = new URLSearchParams(resetLinkPath(await waitForMail(tutor.email, invitedAt)).split('?')[1]).get(
        'token',
      );
      const reset = await api.post('/api/reset-password', {
        data: { token, password: tutor.password, confirmPassword: tutor.password },
      });
      expect(reset.ok()).toBe(true);

      const bought = await registerAndBuyPackage(studentApi, student, subject);
      await assignTutor(api, bought.id, tutor);
    });

    await test.step('the tutor logs two sessions and submits the week with the logged hours', async () => {
      const { context, page } = await signedInPage(browser, tutor);
      try {
        await page.goto('/tutor');
        await expect(page.getByRole('heading', { level: 1, name: 'Tutor Portal' })).toBeVisible();
        // The student gave no name: tutoring's read model names them by their username (issue 25).
        const logFor = page.getByRole('button', { name: `Log a session for ${student.username}, ${subject}` });

        for (const duration of ['1.5 hours', '1 hour']) {
          await logFor.click();
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel('Duration').click();
          await chooseOption(page, duration);
          await dialog.getByLabel('Notes').fill(`Mock MMI station practice (${duration})`);
          await dialog.getByRole('button', { name: 'Log Session' }).click();
          await expect(page.getByText('Session Logged')).toBeVisible();
          await expect(dialog).toBeHidden();
        }

        await expect(page.getByText('You logged 2.5 hours of sessions this week.')).toBeVisible();
        await expect(page.getByLabel('Hours worked')).toHaveValue('2.5');
        await page.getByRole('button', { name: 'Submit Week' }).click();
        await expect(page.getByText('Timesheet Submitted')).toBeVisible();
        await attachScreenshot(page, 'tutor-portal-1280');
      } finally {
        await context.close();
      }
    });

    await test.step('the admin approves the week, marks it paid and sees it in Recently Approved', async () => {
      await adminPage.goto('/admin-dashboard');
      const tab = adminPage.getByRole('tab', { name: /^Payslips/ });
      await expect(tab.getByLabel('1 pending review')).toBeVisible();
      await tab.click();

      await adminPage.getByRole('button', { name: /^Approve payslip of Morgan Ellis/ }).click();
      await expect(adminPage.getByText(Notices.dashboards.payslipApproved)).toBeVisible();
      await adminPage.getByRole('button', { name: /^Mark payslip of Morgan Ellis .* as paid$/ }).click();
      await expect(adminPage.getByText('Payslip Marked as Paid')).toBeVisible();

      const recent = adminPage.getByRole('list', { name: 'First 5 approved payslips' });
      await expect(recent.getByRole('listitem').filter({ hasText: 'Morgan Ellis' })).toContainText('2.5 h');
      await expect(recent.getByRole('listitem').filter({ hasText: 'Morgan Ellis' })).toContainText('Paid');
      await attachScreenshot(adminPage, 'admin-payslips-1280');
    });

    await test.step("the student's remaining hours dropped by the logged time", async () => {
      const [pkg] = PackageDtoSchema.array().parse(await (await studentApi.get('/api/user/sessions')).json());
      expect(pkg).toMatchObject({ totalHours: 5, usedHours: 2.5, assignedTutor: tutor.name });
    });

    await test.step('every admin tab renders (screenshots at 1280 px)', async () => {
      await adminPage.goto('/admin-dashboard');
      await openTab(adminPage, /^Student Management/);
      await expect(adminPage.getByText(student.email)).toBeVisible();
      // Nothing may push the page wider than the window (no sideways scrolling).
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await attachScreenshot(adminPage, 'admin-students-1280');
      await openTab(adminPage, /^Overview/);
      await expect(adminPage.getByRole('tabpanel', { name: /^Overview/ })).toBeVisible();
      await attachScreenshot(adminPage, 'admin-overview-1280');

      await adminPage.goto('/admin');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
      await expect(adminPage.getByText(tutor.name)).toBeVisible();
      await attachScreenshot(adminPage, 'admin-panel-tutors-1280');
    });
  } finally {
    await adminContext.close();
    await studentApi.dispose();
  }
});

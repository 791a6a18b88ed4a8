import AxeBuilder from '@axe-core/playwright';
import { DemoCards, Fixtures, type PackageDto } from '@medtutor/contracts';
import { type APIRequestContext, type Page, expect, request as apiRequest, test } from '@playwright/test';
import { chooseOption } from './support/antd';
import { attachScreenshot, desktopViewport, seedAdmin as admin } from './support/accounts';

/**
 * A student's dashboard with a package bought the real way (demo card provider, credited by the
 * payment_succeeded event): exam date, countdown and forecast, then the booking once an admin assigns
 * a tutor through the API, and the hours ledger once an admin records used hours. One test, since each
 * step changes the package the previous one bought; a student and a tutor link of its own.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const student = {
  username: `dash${stamp}`,
  email: `dash-${stamp}@example.com`,
  password: 'dash-secret-1',
  dateOfBirth: Fixtures.adultDateOfBirth,
  firstName: 'Florence',
};
const subject = 'Medical School Interviews';
const tutor = { tutorName: 'Dr. Test Tutor', calendarLink: `https://calendly.com/medtutor-e2e-${stamp}` };

/** A date `days` from today as YYYY-MM-DD, in the browser's (and this machine's) time zone. */
const dayFromNow = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
const examDate = dayFromNow(60);

async function asAdmin<T>(baseURL: string | undefined, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    expect((await api.post('/api/login', { data: admin })).ok()).toBe(true);
    return await work(api);
  } finally {
    await api.dispose();
  }
}

async function screenshotAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await attachScreenshot(page, name);
}

test.use({ viewport: desktopViewport });

test('a student buys a package, sets an exam date, books the assigned tutor and sees used hours', async ({
  page,
  baseURL,
}) => {
  test.slow(); // five steps of one story: three times the time of one test
  let packageId = 0;

  await test.step('a new student sees the empty state with a link to the packages', async () => {
    // page.request shares the browser's cookies: the student signed up here is signed in on the page.
    const registered = await page.request.post('/api/register', { data: student });
    expect(registered.ok()).toBe(true);

    await page.goto('/my-tutoring');

    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${student.firstName}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Session Packages Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Packages' })).toHaveAttribute('href', '/#pricing');
    await expect(page.getByText('Available', { exact: true })).toBeVisible();
  });

  await test.step('a package bought with the demo card appears on the dashboard, waiting for a tutor', async () => {
    const intent = await page.request.post('/api/create-payment-intent', {
      data: { subject, packageType: 'package5', currency: 'GBP' },
    });
    expect(intent.ok()).toBe(true);
    const { paymentId, clientSecret } = (await intent.json()) as { paymentId: string; clientSecret: string };
    const confirmed = await page.request.post('/api/payments/demo/confirm', {
      data: { paymentId, clientSecret, cardNumber: DemoCards.succeeds },
    });
    expect(await confirmed.json()).toMatchObject({ status: 'succeeded' });

    // Credited asynchronously, by the payment_succeeded event.
    await expect
      .poll(async () => ((await (await page.request.get('/api/user/sessions')).json()) as PackageDto[]).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [credited] = (await (await page.request.get('/api/user/sessions')).json()) as PackageDto[];
    packageId = credited!.id;

    await page.reload();
    const summary = page.getByRole('list', { name: 'Summary' });
    await expect(summary.getByRole('listitem').nth(0)).toContainText('Total Hours Purchased5');
    await expect(summary.getByRole('listitem').nth(2)).toContainText('Hours Remaining5');
    await expect(
      page.getByText(`Add an exam date to see your countdown and weekly plan for: ${subject}.`),
    ).toBeVisible();

    const packageCard = page.getByTestId('package-card');
    await expect(packageCard.getByRole('heading', { name: subject })).toBeVisible();
    await expect(packageCard.getByText('Not Started')).toBeVisible();

    const scheduling = page.getByTestId('schedule-card');
    await expect(scheduling.getByText('Tutor Assignment Pending')).toBeVisible();
    await expect(scheduling.getByRole('button', { name: 'Calendar Link Pending' })).toBeDisabled();
  });

  await test.step('the exam date form refuses a subject without a package and sets one with a package', async () => {
    const card = page.locator('#exam-date');
    await card.getByRole('button', { name: 'Set Exam Date' }).click();
    await card.getByRole('button', { name: 'Save Exam Date' }).click();
    await expect(card.getByText('Please select a subject')).toBeVisible();
    await expect(card.getByText('Exam date is required')).toBeVisible();

    await card.getByLabel('Subject').click();
    await chooseOption(page, 'Medical School Exams');
    await card.getByLabel('Exam date').fill(examDate);
    await card.getByRole('button', { name: 'Save Exam Date' }).click();
    await expect(page.getByText('Subject not found')).toBeVisible();

    await card.getByLabel('Subject').click();
    await chooseOption(page, subject);
    await card.getByRole('button', { name: 'Save Exam Date' }).click();
    await expect(page.getByText('Exam date updated successfully')).toBeVisible();

    const countdown = page.getByTestId('exam-countdown');
    await expect(countdown).toHaveText(/^(59|60) days \d+ hours? \d+ minutes? \d+ seconds?$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
    await expect(page.getByTestId('hours-forecast')).toHaveText(
      /^About 1 hour a week uses your 5 hours over the 8 weeks before the exam\.$/,
    );
    await expect(page.getByText('Add an exam date to see your countdown')).toHaveCount(0);
  });

  await test.step('once an admin assigns a tutor, the student books through the tutor calendar', async () => {
    await asAdmin(baseURL, async (api) => {
      const assigned = await api.patch(`/api/admin/sessions/${packageId}/assign-tutor`, { data: tutor });
      expect(assigned.ok()).toBe(true);
    });

    await page.reload();
    const scheduling = page.getByTestId('schedule-card');
    await expect(scheduling.getByText(tutor.tutorName, { exact: true })).toBeVisible();
    const book = scheduling.getByRole('link', { name: `Book 1 h with ${tutor.tutorName}` });
    await expect(book).toHaveAttribute('href', tutor.calendarLink);
    await expect(book).toHaveAttribute('target', '_blank');
    for (const label of ['1 hour', '1.5 hours', '2 hours']) {
      await expect(scheduling.getByRole('radio', { name: label })).toBeEnabled();
    }
    await scheduling.getByText('1.5 hours').click();
    await expect(scheduling.getByRole('link', { name: `Book 1.5 h with ${tutor.tutorName}` })).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await screenshotAt(page, 'dashboard-1280', 1280);
    await screenshotAt(page, 'dashboard-375', 375);
    await page.setViewportSize(desktopViewport);
  });

  await test.step('used hours show in the ledger and disable the durations they no longer cover', async () => {
    await asAdmin(baseURL, async (api) => {
      const updated = await api.patch(`/api/user/sessions/${packageId}/usage`, {
        data: { usedHours: 4, reason: 'Four one-hour sessions delivered' },
      });
      expect(updated.ok()).toBe(true);
    });

    await page.reload();
    const scheduling = page.getByTestId('schedule-card');
    await expect(scheduling.getByRole('radio', { name: /^1 hour/ })).toBeEnabled();
    await expect(scheduling.getByRole('radio', { name: /^1\.5 hours/ })).toBeDisabled();
    await expect(scheduling.getByRole('radio', { name: /^2 hours/ })).toBeDisabled();
    await expect(scheduling.getByText('Insufficient hours')).toHaveCount(2);
    await expect(page.getByTestId('package-card').getByText('In Progress')).toBeVisible();
    await expect(page.getByTestId('hours-forecast')).toHaveText(/^About 0\.5 hours a week uses your 1 hour/);

    const packageCard = page.getByTestId('package-card');
    await packageCard.getByRole('button', { name: 'Show hours history' }).click();
    const row = packageCard.getByRole('row', { name: /Four one-hour sessions delivered/ });
    await expect(row).toContainText('4 h used');
  });
});

import { readFile } from 'node:fs/promises';
import { type PersonalDataExport, PrivacyExportTexts } from '@medtutor/contracts';
import { expect, test } from '@playwright/test';
import { attachScreenshot, desktopViewport } from './support/accounts';

/**
 * Issue 26: a student downloads their data from the dashboard. The file is read back from the
 * browser's download: it parses, belongs to the account and holds the free-trial request the student
 * sent signed out with the same address in other capitals.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const student = {
  username: `export${stamp}`,
  email: `export-${stamp}@example.com`,
  password: 'export-secret-1',
  firstName: 'Ada',
};

test.use({ viewport: desktopViewport });

test('a student downloads their data from the dashboard', async ({ page }) => {
  const trial = await page.request.post('/api/consultations', {
    data: {
      firstName: 'Ada',
      lastName: 'Export',
      email: student.email.toUpperCase(),
      phone: `0770${stamp.slice(-7)}`,
      subjectInterest: 'FREE TRIAL - Medical School Interviews',
      additionalInfo: `Export check ${stamp}`,
    },
  });
  expect(trial.ok()).toBe(true);
  // page.request shares the browser's cookies: the student signed up here is signed in on the page.
  expect((await page.request.post('/api/register', { data: student })).ok()).toBe(true);

  await page.goto('/my-tutoring');
  await expect(page.getByRole('heading', { name: PrivacyExportTexts.heading })).toBeVisible();
  await attachScreenshot(page, 'your-data-card');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: PrivacyExportTexts.button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^medpath-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as PersonalDataExport;

  expect(file.export.services).toEqual(['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll']);
  expect(file.identity.account).toMatchObject({ email: student.email, username: student.username });
  expect(file.tutoring.consultations).toEqual([
    expect.objectContaining({ kind: 'free-trial', additionalInfo: `Export check ${stamp}` }),
  ]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

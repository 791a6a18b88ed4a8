import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** The visitor's two requests: the free trial at /contact and the consultation on the home page. */
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const visitor = {
  firstName: 'Mary',
  lastName: 'Seacole',
  email: `trial-${stamp}@example.com`,
  phone: `07${stamp.slice(-9)}`,
};

const axeViolations = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

test('the free-trial form applies its rules, and a request marks the email and phone as having used the trial', async ({
  page,
  request,
}) => {
  const check = async () =>
    ((await (await request.post('/api/check-free-trial', { data: visitor })).json()) as { hasUsedFreeTrial: boolean })
      .hasUsedFreeTrial;
  expect(await check()).toBe(false);

  await page.goto('/contact');
  const form = page.locator('form[id="free-trial"]');
  await form.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please select a subject')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await form.getByLabel('First name').fill(visitor.firstName);
  await form.getByLabel('Last name').fill(visitor.lastName);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Phone').fill('123456789');
  await form.getByLabel('Phone').blur();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await form.getByLabel('Phone').fill(visitor.phone);
  await form.getByLabel('Subject').selectOption('Medical School Interviews');
  await form.getByRole('button', { name: 'Request Free Trial' }).click();

  await expect(page.getByText('Free Trial Request Submitted')).toBeVisible();
  await expect(page.getByText('We will contact you within 24 hours to arrange your free session.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect.poll(check).toBe(true);
});

test('the home consultation form sends a request and says so', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/#contact');
  const form = page.locator('form[id="consultation"]');
  await form.getByRole('button', { name: 'Request Consultation' }).click();
  await expect(form.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Last name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();

  await form.getByLabel('First name').fill('Elizabeth');
  await form.getByLabel('Last name').fill('Garrett');
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Subject').selectOption('Medical School Exams');
  await form.getByLabel('Additional information').fill('Year 2 anatomy exams in the spring.');
  await form.getByLabel('I am a parent or guardian requesting for my child').check();
  // Keyboard submission, as a keyboard user would send it.
  await form.getByLabel('Additional information').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Request Consultation' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Consultation request submitted successfully!')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

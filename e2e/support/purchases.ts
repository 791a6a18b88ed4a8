import { DemoCards, type PackageDto, PackageDtoSchema } from '@medtutor/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * A student registered through the API who has bought a 5-hour package with the demo card: answers
 * the package once tutoring has credited it from the payment event.
 */
export async function registerAndBuyPackage(
  studentApi: APIRequestContext,
  student: Record<string, string>,
  subject: string,
): Promise<PackageDto> {
  expect((await studentApi.post('/api/register', { data: student })).ok()).toBe(true);
  const intent = await studentApi.post('/api/create-payment-intent', {
    data: { subject, packageType: 'package5', currency: 'GBP' },
  });
  const { paymentId, clientSecret } = (await intent.json()) as { paymentId: string; clientSecret: string };
  const paid = await studentApi.post('/api/payments/demo/confirm', {
    data: { paymentId, clientSecret, cardNumber: DemoCards.succeeds },
  });
  expect(await paid.json()).toMatchObject({ status: 'succeeded' });
  const packagesOf = async () =>
    PackageDtoSchema.array().parse(await (await studentApi.get('/api/user/sessions')).json());
  await expect.poll(async () => (await packagesOf()).length, { timeout: 20_000 }).toBe(1);
  return (await packagesOf())[0]!;
}

/** The admin assigns the tutor (and their calendar link) to the package. */
export async function assignTutor(
  adminApi: APIRequestContext,
  packageId: number,
  tutor: { name: string; calendarLink: string },
): Promise<void> {
  const assigned = await adminApi.patch(`/api/admin/sessions/${packageId}/assign-tutor`, {
    data: { tutorName: tutor.name, calendarLink: tutor.calendarLink },
  });
  expect(assigned.ok()).toBe(true);
}

/** The row of `email`'s payment in the admin's Payments tab, found by searching for the email. */
export async function adminPaymentRow(adminPage: Page, email: string): Promise<Locator> {
  await adminPage.getByRole('tab', { name: /^Payments/ }).click();
  const search = adminPage.getByLabel('Search payments', { exact: true });
  await search.fill(email);
  await search.press('Enter');
  // The tab's own table: the drawer (drawn in the page's body) has rows naming the student too.
  return adminPage.getByRole('tabpanel', { name: 'Payments' }).getByRole('row').filter({ hasText: email });
}

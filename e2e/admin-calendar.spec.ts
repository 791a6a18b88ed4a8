import {
  addLocalDays,
  BookingDtoSchema,
  BookingTimeZone,
  Fixtures,
  isoWeekday,
  localDateOf,
  SlotsDtoSchema,
  TutorDtoSchema,
} from '@medtutor/contracts';
import { type Page, expect, request as apiRequest, test } from '@playwright/test';
import { chooseOption, confirmPopconfirm } from './support/antd';
import { attachScreenshot, seedAdmin as admin, signedInPage } from './support/accounts';
import { assignTutor, registerAndBuyPackage } from './support/purchases';

/**
 * Issue 25's admin calendar: a student books a session with a tutor through the API, and the admin
 * finds it in the right UK week under the student's name, opens it, cancels it, and sees it marked
 * cancelled.
 */

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const subject = 'Medical School Interviews';
const tutor = { name: `Rowan Hale ${stamp}`, calendarLink: `https://calendly.com/medtutor-e2e-cal-${stamp}` };
const student = {
  username: `cal${stamp}`,
  email: `cal-${stamp}@example.com`,
  password: 'calendar-secret-1',
  firstName: 'Imogen',
  lastName: `Calloway${stamp.slice(-4)}`,
  // An adult: a 13–17-year-old could not pay before a guardian consents (issue 26).
  dateOfBirth: Fixtures.adultDateOfBirth,
};
const studentName = `${student.firstName} ${student.lastName}`;
const DAY = 86_400_000;

/** Monday of the UK week an instant falls in. */
const ukMondayOf = (instant: number) => {
  const date = localDateOf(instant, BookingTimeZone);
  return addLocalDays(date, 1 - isoWeekday(date));
};
const weeksBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / (7 * DAY));

const bookingButton = (page: Page) => page.getByRole('button', { name: new RegExp(`UK time: ${studentName}, `) });

test('the admin finds a booking in its week by the student name, opens it and cancels it', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // a purchase, a booking and the calendar at two widths
  const { context: adminContext, page } = await signedInPage(browser, admin);
  const studentApi = await apiRequest.newContext({ baseURL });
  try {
    const start = await test.step('a student books an hour with a tutor who has set availability', async () => {
      const api = page.request;
      const created = await api.post('/api/admin/tutors', {
        data: {
          name: tutor.name,
          specialty: 'Interviews',
          qualifications: '4th-year medical student',
          calendarLink: tutor.calendarLink,
          meetingLink: `https://meet.example.com/${stamp}`,
          subjects: [subject],
        },
      });
      expect(created.status()).toBe(201);
      const entry = TutorDtoSchema.parse(await created.json());
      const availability = await api.put(`/api/tutor/availability?tutorId=${entry.id}`, {
        data: {
          weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 18 * 60 })),
          exceptions: [],
        },
      });
      expect(availability.ok()).toBe(true);

      const bought = await registerAndBuyPackage(studentApi, student, subject);
      await assignTutor(api, bought.id, tutor);

      const from = new Date().toISOString();
      const to = new Date(Date.now() + 14 * DAY).toISOString();
      const slots = SlotsDtoSchema.parse(
        await (
          await studentApi.get(`/api/bookings/slots?sessionId=${bought!.id}&durationHours=1&from=${from}&to=${to}`)
        ).json(),
      );
      expect(slots.slots.length).toBeGreaterThan(0);
      const booked = await studentApi.post('/api/bookings', {
        data: { sessionId: bought!.id, start: slots.slots[0]!.start, durationHours: 1 },
      });
      expect(booked.status()).toBe(201);
      return BookingDtoSchema.parse(await booked.json()).preferredDateTime;
    });

    await test.step('the admin finds it in its UK week under the student name', async () => {
      await page.goto('/admin-dashboard');
      await page.getByRole('tab', { name: 'Bookings' }).click();
      await page.getByRole('combobox', { name: 'Tutor' }).click();
      await chooseOption(page, tutor.name);
      await expect(page.getByRole('heading', { level: 2, name: /^Week of / })).toBeVisible();
      const ahead = weeksBetween(ukMondayOf(Date.now()), ukMondayOf(Date.parse(start)));
      for (let week = 0; week < ahead; week += 1) await page.getByRole('button', { name: 'Next week' }).click();
      await expect(bookingButton(page)).toBeVisible();
      await expect(bookingButton(page)).toHaveAccessibleName(/, Confirmed$/);
      await attachScreenshot(page, 'admin-calendar-1280');
    });

    await test.step('the admin opens it and cancels it; the calendar marks it cancelled', async () => {
      await bookingButton(page).click();
      const drawer = page.getByRole('dialog').filter({ hasText: 'Session details' });
      await expect(drawer.getByText(student.email)).toBeVisible();
      await expect(drawer.getByText(`https://meet.example.com/${stamp}`)).toBeVisible();
      await expect(drawer).toBeInViewport({ ratio: 1 });
      await attachScreenshot(page, 'admin-calendar-drawer-1280');
      await drawer.getByRole('button', { name: 'Cancel session' }).click();
      await confirmPopconfirm(page, 'Yes, cancel');
      await expect(page.getByText('Session Cancelled')).toBeVisible();
      await expect(drawer.getByText('Cancelled by')).toBeVisible();
      await expect(drawer.getByText('This session can no longer be changed.')).toBeVisible();
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(bookingButton(page)).toHaveAccessibleName(/, Cancelled$/);
    });

    await test.step('on a phone the week is a list of days', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(page.getByRole('region', { name: new RegExp(`^Monday `) })).toBeVisible();
      await expect(bookingButton(page)).toBeVisible();
      await attachScreenshot(page, 'admin-calendar-375');
      await bookingButton(page).click();
      // Once it has slid in: the whole drawer on the phone's screen.
      await expect(page.getByRole('dialog').filter({ hasText: 'Session details' })).toBeInViewport({ ratio: 1 });
      await attachScreenshot(page, 'admin-calendar-drawer-375');
    });
  } finally {
    await studentApi.dispose();
    await adminContext.close();
  }
});

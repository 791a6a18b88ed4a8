import { type DeliveredSessionBody, mondayOf } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { packageLedgerKey } from '@medtutor/web-kit/package-ledger';
import { mutate } from 'swr';
import { z } from 'zod';
import { getPayslipWeek, payslipWeekKey } from './get-payslip-week';
import { tutorStudentsKey } from './get-tutor-students';

/** How long to wait for payroll to count a logged session: it learns of it from tutoring's event. */
const WEEK_REFRESH = { attempts: 10, delayMs: 200 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes the week's timesheet prefill until it counts the new session (or the wait runs out and
 * it shows what payroll has so far), so a tutor going on to submit the week sees the hours just logged.
 */
async function refreshWeek(weekStarting: string, countedBefore: number | null, addedHours: number): Promise<void> {
  for (let attempt = 1; attempt <= WEEK_REFRESH.attempts; attempt++) {
    const week = await mutate(payslipWeekKey(weekStarting), getPayslipWeek(weekStarting));
    if (countedBefore === null || (week && week.loggedHours >= countedBefore + addedHours)) return;
    await sleep(WEEK_REFRESH.delayMs);
  }
}

/** POST /api/tutor/sessions/{id}/delivered: the session's hours leave the package through its ledger. */
export async function logDeliveredSession(packageId: number, body: DeliveredSessionBody): Promise<void> {
  const weekStarting = mondayOf(body.date);
  const countedBefore = await getPayslipWeek(weekStarting).then(
    (week) => week.loggedHours,
    () => null,
  );
  await apiRequest('POST', `/api/tutor/sessions/${packageId}/delivered`, z.unknown(), body);
  await Promise.all([
    mutate(tutorStudentsKey),
    mutate(packageLedgerKey(packageId)),
    refreshWeek(weekStarting, countedBefore, Number(body.durationHours)),
  ]);
}

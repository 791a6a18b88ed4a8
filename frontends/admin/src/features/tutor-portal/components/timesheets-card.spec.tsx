/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { PayslipWeekDto } from '@medtutor/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import { TimesheetsCard } from './timesheets-card';

const fetchMock = mockFetchPerTest();

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});

/** The week as payroll answers it: one line per package, named from payroll's read model of identity's events. */
const showingWeek = (week: Omit<PayslipWeekDto, 'weekStarting'>) => {
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith('/api/tutor/payslips/week')
      ? jsonReply({ weekStarting: '2026-11-23', ...week })
      : jsonReply([]),
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TimesheetsCard />
    </SWRConfig>,
  );
};
const studentsTutored = () => screen.getByLabelText('Students tutored') as HTMLTextAreaElement;

describe('TimesheetsCard', () => {
  it("prefills the week's payslip lines with the students' names, and the id of one payroll has not heard of", async () => {
    const lines = 'Amelia Jones (UCAT): 1.5 h\nStudent #11 (Medical School Interviews): 1 h';
    showingWeek({ loggedHours: 2.5, loggedStudentNotes: lines, payslip: null });
    await waitFor(() => expect(studentsTutored().value).toBe(lines));
    expect(screen.getByText('You logged 2.5 hours of sessions this week.')).not.toBeNull();
  });
});

/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AdminPackageDto,
  type AdminUserWithPackagesDto,
  ConsentMessages,
  TutorDeactivationMessages,
  type TutorDto,
} from '@medtutor/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import { StudentsTab } from './students-tab';

/** Issue 24: the Students tab tags the packages whose tutor was deactivated, for the admin to reassign. */

const fetchMock = mockFetchPerTest();

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});

const pkg = (overrides: Partial<AdminPackageDto>): AdminPackageDto => ({
  id: 1,
  userId: 7,
  subject: 'UCAT',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 1,
  reservedHours: 0,
  purchaseDate: '2027-05-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: 5,
  overdrawnHours: 0,
  frozenReason: null,
  tutorDeactivated: false,
  ...overrides,
});

const student: AdminUserWithPackagesDto = {
  id: 7,
  username: 'sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Patel',
  phone: null,
  freeTrialUsed: false,
  role: 'student',
  isAdmin: false,
  consent: { state: 'adult', consentGivenAt: null },
  sessions: [
    pkg({ id: 1, subject: 'UCAT', assignedTutor: 'Dr Dee', tutorDeactivated: true }),
    pkg({ id: 2, subject: 'Medical School Interviews', assignedTutor: 'Dr Ada' }),
  ],
};
const tutors: TutorDto[] = [];

describe('StudentsTab', () => {
  it('tags only the packages whose tutor was deactivated, with the reason on hover', async () => {
    fetchMock.mockImplementation(async (input) =>
      jsonReply(String(input).startsWith('/api/admin/users') ? [student] : tutors),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StudentsTab />
      </SWRConfig>,
    );

    const tag = await screen.findByText(TutorDeactivationMessages.reassignTag);
    expect(screen.getAllByText(TutorDeactivationMessages.reassignTag)).toHaveLength(1);
    expect(tag.closest('.ui-tag')?.getAttribute('title')).toBe(TutorDeactivationMessages.reassignHint);
    const row = tag.closest('tr')!;
    expect(row.textContent).toContain('UCAT');
    expect(row.textContent).toContain('Dr Dee');
    expect(screen.getByText('Dr Ada').closest('tr')?.textContent).not.toContain(TutorDeactivationMessages.reassignTag);
    // The way out is on the same row.
    expect(row.querySelector('button[aria-label="Reassign Tutor for Sam Patel, UCAT"]')).not.toBeNull();
  });

  it("shows each student's consent state, and resends an awaited request", async () => {
    const minor: AdminUserWithPackagesDto = {
      ...student,
      id: 8,
      firstName: 'Mia',
      consent: { state: 'awaiting_consent', consentGivenAt: null },
    };
    const consented: AdminUserWithPackagesDto = {
      ...student,
      id: 9,
      firstName: 'Leo',
      consent: { state: 'consent_given', consentGivenAt: '2027-05-02T10:00:00.000Z' },
    };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/students/8/guardian-consent/resend' && init?.method === 'POST') {
        return jsonReply({ state: 'awaiting_consent', message: ConsentMessages.requestSent });
      }
      return jsonReply(url.startsWith('/api/admin/users') ? [student, minor, consented] : tutors);
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StudentsTab />
      </SWRConfig>,
    );

    expect(await screen.findByText('Adult')).toBeTruthy();
    expect(screen.getByText('Awaiting consent')).toBeTruthy();
    expect(screen.getByText('Consent given 2 May 2027')).toBeTruthy();
    // Only the student who waits for consent has the action.
    const resend = screen.getByRole('button', { name: 'Resend consent request for Mia Patel' });
    expect(screen.getAllByRole('button', { name: /^Resend consent request/ })).toHaveLength(1);
    await act(async () => fireEvent.click(resend));
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === '/api/admin/students/8/guardian-consent/resend' && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});

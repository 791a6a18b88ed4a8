/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AdminPackageDto,
  type AdminUserWithPackagesDto,
  TutorDeactivationMessages,
  type TutorDto,
} from '@medtutor/contracts';
import { render, screen } from '@testing-library/react';
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
});

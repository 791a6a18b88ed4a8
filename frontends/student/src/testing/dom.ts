import type { SessionPackageDto } from '@medtutor/contracts';

/** antd's responsive grid asks for matchMedia, which jsdom lacks: a query that never matches. */
export function installMatchMedia(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export const sessionPackage = (overrides: Partial<SessionPackageDto> = {}): SessionPackageDto => ({
  id: 1,
  userId: 7,
  subject: 'Medical School Interviews',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 0,
  purchaseDate: '2027-05-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  ...overrides,
});

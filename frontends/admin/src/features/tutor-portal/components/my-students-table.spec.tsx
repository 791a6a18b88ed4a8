/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PackageHoldMessages, type TutorStudentPackageDto } from '@medtutor/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { studentLabel } from '../utils/student-label';
import { MyStudentsTable } from './my-students-table';

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});
afterEach(cleanup);

const pkg = (overrides: Partial<TutorStudentPackageDto> = {}): TutorStudentPackageDto => ({
  id: 11,
  userId: 7,
  subject: 'Medical School Interviews',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 1,
  reservedHours: 0,
  purchaseDate: '2027-05-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: 'Morgan Ellis',
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: 5,
  overdrawnHours: 0,
  frozenReason: null,
  tutorRole: 'primary',
  studentName: 'Amelia Jones',
  ...overrides,
});

const renderTable = (item: TutorStudentPackageDto, label = 'Amelia Jones') => {
  const onLog = jest.fn<(pkg: TutorStudentPackageDto) => void>();
  render(<MyStudentsTable packages={[item]} labelOf={studentLabel} onLog={onLog} />);
  const button = screen.getByRole('button', { name: `Log a session for ${label}, Medical School Interviews` });
  return { onLog, button: button as HTMLButtonElement };
};

describe('MyStudentsTable', () => {
  it("names the student from tutoring's read model", () => {
    renderTable(pkg());
    expect(screen.getByRole('cell', { name: 'Amelia Jones' })).not.toBeNull();
    expect(screen.queryByText('Student #7')).toBeNull();
  });

  it('shows the student id while the read model has not heard of the student', () => {
    const { button } = renderTable(pkg({ studentName: null }), 'Student #7');
    expect(screen.getByRole('cell', { name: 'Student #7' })).not.toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('logs a session on a package with hours left', () => {
    const { onLog, button } = renderTable(pkg());
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(button);
    expect(onLog).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
  });

  it('shows why a package is on hold and offers no session to log', () => {
    const { onLog, button } = renderTable(pkg({ frozenReason: PackageHoldMessages.frozenByDispute }));
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(`On hold: ${PackageHoldMessages.frozenByDispute}`);
    fireEvent.click(button);
    expect(onLog).not.toHaveBeenCalled();
  });

  it('shows the hours left after a refund took some back', () => {
    renderTable(pkg({ originalHours: 5, totalHours: 3, usedHours: 1 }));
    expect(screen.getByText(/2 of 3/)).not.toBeNull();
  });
});

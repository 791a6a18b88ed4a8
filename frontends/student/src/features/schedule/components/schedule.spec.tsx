/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { PackageHoldMessages } from '@medtutor/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { hoursPackage } from '../../../testing/fixtures';
import { ScheduleCard } from './schedule-card';
import { ScheduleSection } from './schedule-section';

const frozen = { frozenReason: PackageHoldMessages.frozenByDispute };
const tutor = { assignedTutor: 'Dr. Ada', tutorCalendarLink: 'https://calendly.com/dr-ada' };

afterEach(cleanup);

describe('ScheduleSection', () => {
  it('offers booking only for packages with hours left', () => {
    render(
      <ScheduleSection
        packages={[
          hoursPackage({ id: 1, usedHours: 5 }),
          hoursPackage({ id: 2, subject: 'Medical School Support', usedHours: 1 }),
        ]}
      />,
    );
    const cards = screen.getAllByTestId('schedule-card');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).queryByText('Schedule Medical School Support')).not.toBeNull();
    expect(within(cards[0]!).queryByText('5-Session Package: 4 h remaining')).not.toBeNull();
  });

  it('renders nothing when every package is used up', () => {
    const { container } = render(<ScheduleSection packages={[hoursPackage({ usedHours: 5 })]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ScheduleCard of a package on hold', () => {
  it('disables booking and the durations, explained by the reason', () => {
    render(<ScheduleCard item={hoursPackage({ ...frozen, ...tutor })} />);
    const card = screen.getByTestId('schedule-card');
    const reason = within(card).getByRole('alert');
    expect(reason.textContent).toContain(PackageHoldMessages.frozenByDispute);

    // A disabled ButtonLink is an <a> without href: no calendar can be opened.
    const book = within(card).getByText('Book 1 h with Dr. Ada').closest('a')!;
    expect(book.getAttribute('href')).toBeNull();
    expect(book.getAttribute('aria-disabled')).toBe('true');
    expect(book.getAttribute('aria-describedby')).toBe(reason.id);
    for (const radio of within(card).getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });

  it('books as before once the hold is lifted', () => {
    render(<ScheduleCard item={hoursPackage(tutor)} />);
    const card = screen.getByTestId('schedule-card');
    expect(within(card).queryByRole('alert')).toBeNull();
    const book = within(card).getByRole('link', { name: /Book 1 h with Dr\. Ada/ });
    expect(book.getAttribute('href')).toBe(tutor.tutorCalendarLink);
    expect(book.getAttribute('aria-describedby')).toBeNull();
  });
});

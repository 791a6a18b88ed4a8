/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingMessages, PackageHoldMessages, type SlotsDto } from '@medtutor/contracts';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { hoursPackage } from '../../../testing/fixtures';
import { ScheduleCard } from './schedule-card';
import { ScheduleSection } from './schedule-section';

const frozen = { frozenReason: PackageHoldMessages.frozenByDispute };
const tutor = { assignedTutor: 'Dr. Ada', tutorCalendarLink: 'https://calendly.com/dr-ada' };

afterEach(cleanup);
const fetchMock = mockFetchPerTest();

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as the attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

const slotsReply = (overrides: Partial<SlotsDto> = {}): SlotsDto => ({
  timeZone: 'Europe/London',
  durationHours: 1,
  noticeHours: 24,
  horizonDays: 28,
  earliestStart: '2027-03-27T10:00:00.000Z',
  latestStart: '2027-03-29T20:00:00.000Z',
  availabilityPending: false,
  calendarLink: tutor.tutorCalendarLink,
  slots: [
    { start: '2027-03-28T09:00:00.000Z', end: '2027-03-28T10:00:00.000Z', tutorId: 3, tutorName: 'Dr. Ada' },
    { start: '2027-03-28T11:00:00.000Z', end: '2027-03-28T12:00:00.000Z', tutorId: 3, tutorName: 'Dr. Ada' },
  ],
  ...overrides,
});

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

  it("books through the tutor's calendar once the hold is lifted, while the tutor has no availability", async () => {
    fetchMock.mockResolvedValue(jsonReply(slotsReply({ availabilityPending: true, slots: [] })));
    render(<ScheduleCard item={hoursPackage(tutor)} />, { wrapper: fresh });
    const card = screen.getByTestId('schedule-card');
    expect(within(card).queryByRole('alert')).toBeNull();
    const book = await within(card).findByRole('link', { name: /Book 1 h with Dr\. Ada/ });
    expect(book.getAttribute('href')).toBe(tutor.tutorCalendarLink);
    expect(book.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('ScheduleCard when the tutor has availability', () => {
  const openPicker = async () => {
    render(<ScheduleCard item={hoursPackage({ ...tutor, id: 4 })} />, { wrapper: fresh });
    fireEvent.click(await screen.findByRole('button', { name: 'Book 1 h with Dr. Ada' }));
    return screen.findByRole('dialog', { name: 'Book Medical School Interviews' });
  };

  it('asks for the slots of the package and duration, then books the chosen time with the notes', async () => {
    fetchMock.mockResolvedValue(jsonReply(slotsReply()));
    const dialog = await openPicker();
    const [slotsUrl] = fetchMock.mock.calls[0]!;
    expect(String(slotsUrl)).toMatch(/^\/api\/bookings\/slots\?sessionId=4&durationHours=1&from=/);

    // Opens on the first day with times; Saturday 27 March has none and cannot be chosen.
    const day = within(dialog).getByLabelText('Day') as HTMLSelectElement;
    expect(day.value).toBe('2027-03-28');
    expect(within(day).getByRole('option', { name: 'Saturday 27 March: no free times' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('radiogroup', { name: 'Start time on Sunday 28 March (BST)' })).not.toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: '12:00' }));
    fireEvent.change(within(dialog).getByLabelText(/Notes for your tutor/), { target: { value: 'Mock interview' } });
    fetchMock.mockResolvedValueOnce(jsonReply({}, 500));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await within(dialog).findByText('The booking could not be saved. Please try again.')).not.toBeNull();

    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(posted[0]).toBe('/api/bookings');
    expect(JSON.parse(String(posted[1]!.body))).toEqual({
      sessionId: 4,
      start: '2027-03-28T11:00:00.000Z',
      durationHours: 1,
      additionalNotes: 'Mock interview',
    });
  });

  it('says the slot was taken, drops the choice and loads the times again', async () => {
    fetchMock.mockResolvedValue(jsonReply(slotsReply()));
    const dialog = await openPicker();
    fireEvent.click(within(dialog).getByRole('radio', { name: '10:00' }));
    const slotRequests = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/bookings/slots'));
    const before = slotRequests().length;
    fetchMock.mockResolvedValueOnce(
      jsonReply({ statusCode: 409, code: 'TUTORING.SLOT_TAKEN', message: BookingMessages.slotTaken }, 409),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(
      await within(dialog).findByText(`${BookingMessages.slotTaken} The times have been refreshed.`),
    ).not.toBeNull();
    await waitFor(() => expect(slotRequests().length).toBeGreaterThan(before));
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Confirm booking' })).toHaveProperty('disabled', true);
  });
});

/** @jest-environment jsdom */
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  addLocalDays,
  type BookingDto,
  BookingMessages,
  type FreeTrialRequestDto,
  type TutorDto,
} from '@medtutor/contracts';
import { NoticeViewport } from '@medtutor/web-kit';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns, installMatchMediaAnswering } from '@medtutor/web-kit/testing/jsdom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { BackOfficeNotices } from '../../../lib/messages';
import { shiftWeek, ukInstant, weekContaining } from '../utils/uk-time';
import { BookingsCalendarTab } from './bookings-calendar-tab';

/** Issue 25: the admins' calendar of bookings, against a stand-in gateway. */

const fetchMock = mockFetchPerTest();
jest.setTimeout(30_000);

/** The viewport antd's breakpoints see: a phone by default (the day list), wide for the grid. */
let viewportWidth = 375;
beforeAll(() => {
  installMatchMediaAnswering((query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || viewportWidth >= Number(min[1])) && (!max || viewportWidth <= Number(max[1]));
  });
  installAntdStandIns();
});
beforeEach(() => {
  viewportWidth = 375;
});

const week = weekContaining(Date.now());
/** Wednesday of this UK week (or a later one) at a UK time. */
const wednesdayAt = (time: string, weeksAhead = 0) => {
  const start = ukInstant(addLocalDays(week.monday, 2 + 7 * weeksAhead), time);
  if (!start.ok) throw new Error(start.reason);
  return start.iso;
};

const tutors: TutorDto[] = [
  {
    id: 3,
    name: 'Dr Rivera',
    specialty: 'UCAT',
    qualifications: '',
    photoUrl: null,
    calendarLink: 'https://cal.example/rivera',
    meetingLink: 'https://meet.example/rivera',
    subjects: [],
    active: true,
    userId: 9,
  },
];

const booking = (over: Partial<BookingDto> = {}): BookingDto => {
  const start = over.preferredDateTime ?? wednesdayAt('16:30');
  const duration = over.duration ?? 60;
  return {
    id: '7d3f1b2a-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    studentName: 'Ada Lovelace',
    studentEmail: 'ada@example.com',
    subject: 'Medical School Interviews',
    duration,
    preferredDateTime: start,
    endsAt: new Date(Date.parse(start) + duration * 60_000).toISOString(),
    additionalNotes: 'MMI practice',
    isFreeTrial: false,
    price: 0,
    currency: 'GBP',
    status: 'confirmed',
    tutorAssigned: 'Dr Rivera',
    calendlyLink: null,
    meetingLink: 'https://meet.example/rivera',
    tutorId: 3,
    sessionId: 11,
    studentUserId: 7,
    reservedHours: 1,
    hoursOutcome: null,
    icsUid: 'uid-1',
    icsSequence: 0,
    bookedBy: 'student',
    cancelledBy: null,
    cancelledAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
};

const trialRequest: FreeTrialRequestDto = {
  id: 12,
  firstName: 'Nia',
  lastName: 'Okafor',
  email: 'nia@example.com',
  phone: '07700900123',
  subject: 'UCAT',
  additionalInfo: null,
  isParent: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  booking: null,
};

interface Server {
  bookings: BookingDto[];
  /** Answers to POSTs by path ending, e.g. '/cancel'. */
  posts?: Record<string, { status?: number; body: unknown }>;
}

const serving = (server: Server) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'POST') {
      const answer = Object.entries(server.posts ?? {}).find(([ending]) => url.endsWith(ending))?.[1];
      return jsonReply(answer?.body, answer?.status);
    }
    if (url.startsWith('/api/admin/tutors')) return jsonReply(tutors);
    if (url.startsWith('/api/admin/free-trial-requests')) return jsonReply([trialRequest]);
    if (url.startsWith('/api/bookings')) return jsonReply(server.bookings);
    return jsonReply({ statusCode: 404, message: 'Not found' }, 404);
  });

const requests = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
const bodyOf = (ending: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => init?.method === 'POST' && String(input).endsWith(ending));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const renderTab = (props: Parameters<typeof BookingsCalendarTab>[0] = {}) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <BookingsCalendarTab {...props} />
        </SWRConfig>
        <NoticeViewport />
      </App>
    </ConfigProvider>,
  );

const label = /^16:30–17:30 UK time: Ada Lovelace, Medical School Interviews, 60 min, Confirmed, with Dr Rivera$/;

const openAda = async () => {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  await screen.findByText('Session details', { selector: '.ant-drawer-title' });
  return screen.getByRole('dialog');
};

describe('BookingsCalendarTab', () => {
  it("asks for this UK week's bookings of all tutors and lists them day by day on a phone", async () => {
    serving({
      bookings: [
        booking(),
        booking({
          id: '8d3f1b2a-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
          status: 'cancelled',
          studentName: 'Ben Okafor',
          isFreeTrial: true,
          duration: 30,
          preferredDateTime: wednesdayAt('09:00'),
        }),
      ],
    });
    renderTab();
    await screen.findByText('Ada Lovelace');
    expect(requests()).toContain(
      `GET /api/bookings?from=${encodeURIComponent(week.from)}&to=${encodeURIComponent(week.to)}`,
    );
    const wednesday = screen.getByRole('region', {
      name: new RegExp(`^Wednesday ${Number(addLocalDays(week.monday, 2).slice(8))} `),
    });
    expect(
      within(wednesday)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ben Okafor09:00–09:30Medical School Interviews · 30 min · Dr RiveraCancelledFree trial',
      'Ada Lovelace16:30–17:30Medical School Interviews · 60 min · Dr RiveraConfirmed',
    ]);
    expect(screen.getByText('Times are UK time (Europe/London).')).toBeTruthy();
  });

  it("steps to the next week, filters by tutor and shows that tutor's availability editor", async () => {
    serving({ bookings: [] });
    renderTab({ availabilityEditor: (tutorId) => <p>Availability of tutor {tutorId}</p> });
    await screen.findByText('No sessions this week.');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = shiftWeek(week, 1);
    await waitFor(() =>
      expect(requests()).toContain(
        `GET /api/bookings?from=${encodeURIComponent(next.from)}&to=${encodeURIComponent(next.to)}`,
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tutor' }));
    fireEvent.click(await screen.findByText('Dr Rivera', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(requests().some((request) => request.endsWith('&tutorId=3'))).toBe(true));
    expect(screen.queryByText('Availability of tutor 3')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Weekly hours and days off of Dr Rivera/ }));
    expect(await screen.findByText('Availability of tutor 3')).toBeTruthy();
  });

  it('places sessions in the week grid on a wide screen', async () => {
    viewportWidth = 1280;
    serving({ bookings: [booking()] });
    renderTab();
    const block = await screen.findByRole('button', { name: label });
    const column = block.closest('[role="list"]');
    expect(column?.getAttribute('aria-label')).toMatch(/^Wed \d+ \w+: 1 session$/);
    expect(block.textContent).toContain('16:30 · Confirmed');
  });

  it('shows the details and cancels: the hours return, the week is fetched again', async () => {
    // Next week's session: it has not started, so no no-show yet.
    const ada = booking({ preferredDateTime: wednesdayAt('16:30', 1) });
    const cancelled = {
      ...ada,
      status: 'cancelled',
      hoursOutcome: 'returned',
      cancelledBy: 'admin',
      cancelledAt: '2026-11-28T10:00:00.000Z',
    };
    serving({ bookings: [ada], posts: { '/cancel': { body: cancelled } } });
    renderTab();
    // The stand-in answers every week alike: this week's days stay empty.
    await screen.findAllByText('No sessions');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const drawer = await openAda();
    expect(drawer.textContent).toContain('ada@example.com');
    expect(drawer.textContent).toContain('MMI practice');
    expect(drawer.textContent).toContain('https://meet.example/rivera');
    expect(drawer.textContent).toContain('Booked byStudent');
    expect(drawer.textContent).toContain("the hours always return to the student's package");
    expect(within(drawer).getByRole('button', { name: 'Mark no-show' }).hasAttribute('disabled')).toBe(true);

    const listsBefore = requests().filter((request) => request.startsWith('GET /api/bookings')).length;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel session' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
    await screen.findByText(BackOfficeNotices.bookingCancelled);
    expect(requests()).toContain('POST /api/bookings/7d3f1b2a-4c5d-4e6f-8a9b-0c1d2e3f4a5b/cancel');
    await waitFor(() => expect(drawer.textContent).toContain('Cancelled byAdmin'));
    expect(drawer.textContent).toContain('This session can no longer be changed.');
    expect(requests().filter((request) => request.startsWith('GET /api/bookings')).length).toBeGreaterThan(listsBefore);
  });

  it('reschedules in UK time and shows the reason the server refuses', async () => {
    serving({
      bookings: [booking()],
      posts: {
        '/reschedule': {
          status: 409,
          body: { statusCode: 409, code: 'TUTORING.SLOT_TAKEN', message: BookingMessages.slotTaken },
        },
      },
    });
    renderTab();
    const drawer = await openAda();
    fireEvent.change(within(drawer).getByLabelText('New start time (UK time)'), { target: { value: '18:00' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Move session' }));
    await within(drawer).findByText(BookingMessages.slotTaken);
    expect(bodyOf('/reschedule')).toEqual({ start: wednesdayAt('18:00') });
  });

  it('books a free trial from a trial request at a UK time', async () => {
    const start = ukInstant('2027-03-29', '16:00');
    if (!start.ok) throw new Error(start.reason);
    const trial = booking({
      isFreeTrial: true,
      duration: 30,
      studentName: 'Nia Okafor',
      preferredDateTime: start.iso,
      bookedBy: 'admin',
    });
    serving({ bookings: [], posts: { '/api/admin/bookings/free-trial': { status: 201, body: trial } } });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Book a free trial' }));
    const dialog = (
      await screen.findByText('Book a free trial', { selector: '.ant-modal-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Free-trial request' }));
    fireEvent.click(await screen.findByText(/^#12 Nia Okafor · UCAT/, { selector: '.ant-select-item-option-content' }));
    await within(dialog).findByText('nia@example.com');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Tutor' }));
    fireEvent.click(await screen.findByText('Dr Rivera', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('Date (UK)'), { target: { value: '2027-03-29' } });
    fireEvent.change(within(dialog).getByLabelText('Start time (UK time)'), { target: { value: '16:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book free trial' }));
    await screen.findByText(BackOfficeNotices.freeTrialBooked);
    // 16:00 BST on 29 March 2027 is 15:00 UTC.
    expect(bodyOf('/api/admin/bookings/free-trial')).toEqual({
      consultationId: 12,
      tutorId: 3,
      start: '2027-03-29T15:00:00.000Z',
      durationMinutes: 30,
    });
    // The calendar moves to the trial's week.
    await screen.findByText('Week of 29 Mar – 4 Apr 2027');
  });
});

import { type BookingDto, type BookingStatus, BookingStatuses } from '@medtutor/contracts';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Collapse, Flex, Grid, Select, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Loading } from '../../../components/query-state';
import { useTutors } from '../../tutors';
import { useBookings } from '../api/get-bookings';
import { useFreeTrialRequests } from '../api/get-free-trial-requests';
import { BookingStatusLabels } from '../utils/booking-status';
import { placeInDays } from '../utils/calendar-layout';
import { clockChangeOf, shiftWeek, ukDateOf, weekContaining, weekLabel } from '../utils/uk-time';
import { BookingDrawer } from './booking-drawer';
import { DayList } from './day-list';
import { FreeTrialDialog } from './free-trial-dialog';
import { WeekGrid } from './week-grid';

const clockChangeNotes = {
  forward: 'The clocks go forward an hour this week (GMT to BST).',
  back: 'The clocks go back an hour this week (BST to GMT).',
} as const;

/**
 * Bookings: every tutor's sessions (or one tutor's) for a UK week, Monday to Sunday, as a grid of
 * days on a wide screen and a list of days on a phone. A session opens its details and the admin's
 * actions; free trials are booked from a trial request.
 */
export function BookingsCalendarTab({
  availabilityEditor,
}: {
  /** The chosen tutor's availability editor (it belongs to the availability feature), opened under the toolbar. */
  availabilityEditor?: (tutorId: number) => ReactNode;
}) {
  const [week, setWeek] = useState(() => weekContaining(Date.now()));
  const [tutorId, setTutorId] = useState<number>();
  const [status, setStatus] = useState<BookingStatus>();
  const [drawer, setDrawer] = useState<{ booking: BookingDto | null; open: boolean }>({ booking: null, open: false });
  const [bookingTrial, setBookingTrial] = useState(false);
  const wide = Grid.useBreakpoint().md !== false;
  const tutors = useTutors();
  const requests = useFreeTrialRequests();
  const bookings = useBookings({ from: week.from, to: week.to, tutorId, status });
  const days = useMemo(() => placeInDays(bookings.data ?? [], week), [bookings.data, week]);
  const [today] = useState(() => ukDateOf(new Date().toISOString()));
  const waiting = requests.data?.filter((request) => request.booking === null).length;
  const open = (booking: BookingDto) => setDrawer({ booking, open: true });
  const change = clockChangeOf(week);
  const sorted = [...(tutors.data ?? [])].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center" justify="space-between">
        <Flex gap="small" wrap align="center">
          <Select<number | 'all'>
            aria-label="Tutor"
            value={tutorId ?? 'all'}
            loading={tutors.isLoading}
            onChange={(value) => setTutorId(value === 'all' ? undefined : value)}
            style={{ minWidth: 200 }}
            options={[
              { value: 'all', label: 'All tutors' },
              ...sorted.map((tutor) => ({
                value: tutor.id,
                label: tutor.active ? tutor.name : `${tutor.name} (deactivated)`,
              })),
            ]}
          />
          <Select<BookingStatus | 'all'>
            aria-label="Status"
            value={status ?? 'all'}
            onChange={(value) => setStatus(value === 'all' ? undefined : value)}
            style={{ minWidth: 150 }}
            options={[
              { value: 'all', label: 'All statuses' },
              ...BookingStatuses.map((value) => ({ value, label: BookingStatusLabels[value] })),
            ]}
          />
        </Flex>
        <Badge count={waiting} title={`${waiting ?? 0} free-trial requests not booked`}>
          <Button type="primary" onClick={() => setBookingTrial(true)}>
            Book a free trial
          </Button>
        </Badge>
      </Flex>

      <Flex gap="small" wrap align="center">
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label="Previous week" onClick={() => setWeek(shiftWeek(week, -1))} />
          <Button onClick={() => setWeek(weekContaining(Date.now()))}>This week</Button>
          <Button icon={<RightOutlined />} aria-label="Next week" onClick={() => setWeek(shiftWeek(week, 1))} />
        </Space.Compact>
        <Typography.Title level={2} style={{ fontSize: '1.1rem', margin: 0 }} aria-live="polite">
          Week of {weekLabel(week)}
        </Typography.Title>
        <Typography.Text type="secondary">Times are UK time (Europe/London).</Typography.Text>
      </Flex>
      {change && <Alert type="info" showIcon title={clockChangeNotes[change]} />}

      {tutorId !== undefined && availabilityEditor && (
        // Collapsed until asked for: the calendar stays first, and the editor's code loads when opened.
        <Collapse
          key={tutorId}
          items={[
            {
              key: 'availability',
              label: `Weekly hours and days off of ${sorted.find((tutor) => tutor.id === tutorId)?.name ?? 'this tutor'}`,
              children: availabilityEditor(tutorId),
            },
          ]}
        />
      )}

      {bookings.error !== undefined && bookings.data !== undefined && (
        <Alert
          type="warning"
          showIcon
          title="The bookings could not be refreshed: the week below may be out of date."
        />
      )}
      {bookings.data === undefined ? (
        bookings.error !== undefined ? (
          <Alert
            type="error"
            showIcon
            title="The bookings could not be loaded."
            action={
              <Button size="small" onClick={() => void bookings.mutate()}>
                Retry
              </Button>
            }
          />
        ) : (
          <Loading label="Loading bookings…" />
        )
      ) : (
        <>
          {bookings.data.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              No sessions this week.
            </Typography.Paragraph>
          )}
          {wide ? (
            <WeekGrid days={days} today={today} withTutor={tutorId === undefined} onOpen={open} />
          ) : (
            <DayList days={days} today={today} withTutor={tutorId === undefined} onOpen={open} />
          )}
        </>
      )}

      <BookingDrawer
        booking={drawer.booking}
        open={drawer.open}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onChanged={(booking) => setDrawer((current) => ({ ...current, booking }))}
      />
      {bookingTrial && (
        <FreeTrialDialog
          tutors={tutors.data ?? []}
          defaultTutorId={tutorId}
          onClose={() => setBookingTrial(false)}
          onBooked={(booking) => {
            setBookingTrial(false);
            setWeek(weekContaining(Date.parse(booking.preferredDateTime)));
          }}
        />
      )}
    </Flex>
  );
}

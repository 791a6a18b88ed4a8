import type { BookingDto } from '@medtutor/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import type { CalendarDay } from '../utils/calendar-layout';
import { longDayLabel, ukTimeOf } from '../utils/uk-time';
import { BookingStatusTag } from './booking-status-tag';
import { blockLabel } from './week-grid';

/** The week on a phone: day by day, each session a card with everything the grid's block shows. */
export function DayList({
  days,
  today,
  withTutor,
  onOpen,
}: {
  days: CalendarDay[];
  today: string;
  withTutor: boolean;
  onOpen: (booking: BookingDto) => void;
}) {
  return (
    <Flex vertical gap="middle">
      {days.map(({ date, bookings }) => (
        <section key={date} aria-label={longDayLabel(date)}>
          <Typography.Title level={3} style={{ fontSize: '1rem', margin: '0 0 8px' }}>
            {longDayLabel(date)}
            {date === today && (
              <Tag color="processing" style={{ marginLeft: 8 }}>
                Today
              </Tag>
            )}
          </Typography.Title>
          {bookings.length === 0 ? (
            <Typography.Text type="secondary">No sessions</Typography.Text>
          ) : (
            <Flex vertical gap="small" role="list">
              {bookings.map(({ booking }) => (
                <Card key={booking.id} size="small" role="listitem">
                  <button
                    type="button"
                    aria-label={blockLabel(booking, withTutor)}
                    onClick={() => onOpen(booking)}
                    style={{
                      display: 'block',
                      width: '100%',
                      padding: 0,
                      border: 0,
                      background: 'none',
                      color: 'inherit',
                      font: 'inherit',
                      textAlign: 'left',
                      cursor: 'pointer',
                    }}
                  >
                    {/* A cancelled session's name and time are struck through; its status tag stays readable. */}
                    <Flex
                      justify="space-between"
                      gap="small"
                      wrap
                      style={{ textDecoration: booking.status === 'cancelled' ? 'line-through' : undefined }}
                    >
                      <strong>{booking.studentName}</strong>
                      <span>
                        {ukTimeOf(booking.preferredDateTime)}–{ukTimeOf(booking.endsAt)}
                      </span>
                    </Flex>
                    <div>
                      {booking.subject} · {booking.duration} min
                      {withTutor && booking.tutorAssigned && ` · ${booking.tutorAssigned}`}
                    </div>
                    <Flex gap={4} wrap style={{ marginTop: 4 }}>
                      <BookingStatusTag status={booking.status} />
                      {booking.isFreeTrial && <Tag color="purple">Free trial</Tag>}
                    </Flex>
                  </button>
                </Card>
              ))}
            </Flex>
          )}
        </section>
      ))}
    </Flex>
  );
}
